"""``vaka serve`` and ``vaka db upgrade``: the game service for tables of people and bots."""

from __future__ import annotations

import gc
import os
from typing import Annotated

import typer
from rich.text import Text

from vaka.cli.common import console, errors
from vaka.i18n import N_, _
from vaka.server.mail.relay import Relay, parse_relay
from vaka.server.settings import Limits

GC_YOUNG = 20_000  # allocations between collections of young objects (Python's default: 700)
DB_HELP = N_(
    "Database URL: sqlite:///PATH or postgresql://USER@HOST:PORT/NAME. "
    "Default: $VAKA_DB, else SQLite in your data folder."
)


def database(url: str | None) -> str:
    """The database URL to use; a PostgreSQL one only where its driver is installed."""
    from vaka.server.databases import default_url

    found = url or os.environ.get("VAKA_DB") or default_url()
    if found.startswith(("postgresql:", "postgres:", "postgresql+")):
        try:
            import psycopg  # noqa: F401
        except ImportError as exc:
            errors.print(
                Text(_("error: "), style="red")
                + Text(
                    _(
                        "a PostgreSQL database needs the postgres extra, which is not "
                        "installed ({error}): pip install 'vaka[postgres]'"
                    ).format(error=exc)
                )
            )
            raise typer.Exit(2) from None
    return found


def command(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    db: Annotated[str | None, typer.Option(help=_(DB_HELP))] = None,
    bot_workers: Annotated[
        int, typer.Option(help="Processes that think for bots (each uses one core).")
    ] = 1,
    hard_seconds: Annotated[
        float, typer.Option(help="Seconds the hard bot thinks per move.")
    ] = 1.0,
    review_workers: Annotated[
        int,
        typer.Option(
            help="Processes that review finished games (one review at a time; each uses "
            "one core while a review runs)."
        ),
    ] = 1,
    review_playouts: Annotated[
        int,
        typer.Option(
            help="Playouts per candidate action of a review unless a request asks for "
            "another number (1-24); 'vaka review --budget' (docs/REVIEW.md)."
        ),
    ] = 12,
    review_iterations: Annotated[
        int,
        typer.Option(help="Search iterations a review spends picking candidates among many."),
    ] = 150,
    max_tables: Annotated[
        int,
        typer.Option(
            help="Open and playing tables the server holds at most (all processes on the "
            "database together); more are refused until games end. 0: no limit."
        ),
    ] = Limits.max_tables,
    tables_per_minute: Annotated[
        float,
        typer.Option(help="Tables one address may make a minute, on average. 0: no limit."),
    ] = Limits.tables_per_minute,
    table_burst: Annotated[
        float,
        typer.Option(help="Tables one address may make at once before that rate applies."),
    ] = Limits.table_burst,
    smtp: Annotated[
        str | None,
        typer.Option(
            help="Send email notices of turn-based games through this SMTP relay, "
            "HOST:PORT (docs/DEPLOY.md, 'Email'). Without it no mail is sent."
        ),
    ] = None,
    smtp_from: Annotated[
        str | None, typer.Option(help="The address mail comes from (needed with --smtp).")
    ] = None,
    smtp_user: Annotated[str | None, typer.Option(help="Log in to the relay as this user.")] = None,
    smtp_password: Annotated[
        str | None,
        typer.Option(
            envvar="VAKA_SMTP_PASSWORD",
            help="The relay's password (better given as $VAKA_SMTP_PASSWORD than on the "
            "command line, where other users of the machine can read it).",
            show_envvar=True,
        ),
    ] = None,
    smtp_starttls: Annotated[
        bool, typer.Option(help="Switch the relay's connection to TLS (STARTTLS) first.")
    ] = False,
    public_url: Annotated[
        str | None,
        typer.Option(
            help="The address people reach this server at, for the links in mail "
            "(e.g. https://vaka.example.org). Default: http://HOST:PORT."
        ),
    ] = None,
    mail_chat_minutes: Annotated[
        float,
        typer.Option(help="At most one mail about a table's chat per person in this time."),
    ] = 60.0,
    shortest_turn: Annotated[
        float,
        typer.Option(
            help="Seconds a turn-based table gives each move at the least: a shorter "
            "time per move is refused when the table is made."
        ),
    ] = Limits.shortest_turn,
    tries_per_minute: Annotated[
        float,
        typer.Option(
            help="Sign-ups, log-ins and password checks one address may try a minute, on "
            "average. 0: no limit."
        ),
    ] = Limits.tries_per_minute,
    tries_burst: Annotated[
        float, typer.Option(help="Such tries one address may make at once.")
    ] = Limits.tries_burst,
    name_tries_per_minute: Annotated[
        float,
        typer.Option(help="Log-ins (and sign-ups) tried for one name a minute. 0: no limit."),
    ] = Limits.name_tries_per_minute,
    name_tries_burst: Annotated[
        float, typer.Option(help="Such tries for one name at once.")
    ] = Limits.name_tries_burst,
) -> None:
    """Run the game service: tables with seats for people and bots, over HTTP and
    WebSockets. The database's schema is brought up to date first.

    Examples:

      vaka serve                      # SQLite in your data folder, on 127.0.0.1:8000

      vaka serve --db postgresql://vaka@localhost/vaka --port 8001
    """
    import uvicorn

    from vaka.server.api import create_app
    from vaka.server.deflate import WebSockets
    from vaka.sim.review import Budget

    if review_workers < 1 or review_iterations < 1 or not 1 <= review_playouts <= 24:
        raise typer.BadParameter(
            _("--review-workers and --review-iterations are at least 1, --review-playouts 1-24")
        )
    if (
        min(max_tables, tables_per_minute, tries_per_minute, name_tries_per_minute) < 0
        or min(table_burst, tries_burst, name_tries_burst) < 1
        or shortest_turn <= 0
    ):
        raise typer.BadParameter(
            _(
                "--max-tables and the rates per minute are 0 (no limit) or more, the bursts "
                "at least 1, --shortest-turn more than 0"
            )
        )
    relay = mail_relay(
        smtp,
        smtp_from,
        smtp_user,
        smtp_password,
        smtp_starttls,
        mail_chat_minutes,
        public_url or f"http://{host}:{port}",
    )
    url = database(db)
    address = f"http://{host}:{port}"
    console.print(
        _("vaka serves on [bold]{address}/[/bold] (database: {url})").format(
            address=address, url=url
        )
    )
    console.print(_("The API and its schema: {address}/docs").format(address=address))
    app = create_app(
        url,
        bot_workers=bot_workers,
        budgets={"hard": hard_seconds},
        review_workers=review_workers,
        review_budget=Budget(playouts=review_playouts, iterations=review_iterations),
        limits=Limits(
            max_tables=max_tables,
            tables_per_minute=tables_per_minute,
            table_burst=table_burst,
            tries_per_minute=tries_per_minute,
            tries_burst=tries_burst,
            name_tries_per_minute=name_tries_per_minute,
            name_tries_burst=name_tries_burst,
            shortest_turn=shortest_turn,
        ),
        relay=relay,
    )
    # A server keeps every table's game in memory: Python's default collector would scan
    # them all again and again (pauses of 100 ms and more with 200 tables). What is loaded
    # now stays for good; young objects are collected ten times less often.
    gc.freeze()
    gc.set_threshold(GC_YOUNG, 20, 10)
    uvicorn.run(
        app, host=host, port=port, log_level="warning", ws=WebSockets, ws_max_size=16 * 1024
    )


def mail_relay(
    smtp: str | None,
    sender: str | None,
    user: str | None,
    password: str | None,
    starttls: bool,
    chat_minutes: float,
    public_url: str,
) -> Relay | None:
    """The relay the --smtp options describe (None without --smtp)."""
    if smtp is None:
        if sender or user:
            raise typer.BadParameter("--smtp-from and --smtp-user go with --smtp HOST:PORT")
        return None
    try:
        host, port = parse_relay(smtp)
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="--smtp") from None
    if not sender or "@" not in sender:
        raise typer.BadParameter(
            "give the address mail comes from, e.g. --smtp-from vaka@example.org",
            param_hint="--smtp-from",
        )
    if not public_url.startswith(("http://", "https://")) or chat_minutes <= 0:
        raise typer.BadParameter(
            "--public-url is an http(s) address; --mail-chat-minutes more than 0"
        )
    return Relay(
        host, port, sender, user, password, starttls, public_url.rstrip("/"), chat_minutes * 60
    )


db_app = typer.Typer(help=_("Look after the service's database."), no_args_is_help=True)


@db_app.command("upgrade")
def upgrade(db: Annotated[str | None, typer.Option(help=_(DB_HELP))] = None) -> None:
    """Bring the database's schema up to date (``vaka serve`` also does this on start).

    Example: vaka db upgrade --db postgresql://vaka@localhost/vaka
    """
    from vaka.server.schema import upgrade as run

    url = database(db)
    run(url)
    console.print(_("The database at {url} is up to date.").format(url=url))
