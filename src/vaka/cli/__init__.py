"""The ``vaka`` command line."""
