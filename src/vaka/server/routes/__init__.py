"""The service's REST routes, one router per subject; ``vaka.server.api`` joins them."""

from vaka.server.routes import accounts, games, mail, notices, people, records, reviews, tables

ROUTERS = (
    games.router,
    tables.router,
    records.router,
    reviews.router,
    accounts.router,
    people.router,
    notices.router,
    mail.router,
)

__all__ = ["ROUTERS"]
