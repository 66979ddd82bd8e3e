"""Email to people about their turn-based tables: addresses confirmed by a link, mail
waiting in an outbox in the database, and a sender in the background that hands it to
an SMTP relay (``vaka serve --smtp``), trying again while the relay fails."""
