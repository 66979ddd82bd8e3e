"""The words of each mail. Every mail but a confirmation ends with the link that stops
them (added when it is sent: the address's stop token as it is then)."""

from __future__ import annotations

from vaka.i18n import _, ngettext
from vaka.server.mail.store import Mail


def table_link(base: str, table_id: str) -> str:
    return f"{base}/#/t/{table_id}"


def stop_link(base: str, token: str) -> str:
    """The page that stops mail (a button there sends the token; a mail program's
    one-click unsubscribe posts to the API itself)."""
    return f"{base}/#/mail/stop/{token}"


def stop_api(base: str, token: str) -> str:
    return f"{base}/api/mail/stop?token={token}"


def confirm_link(base: str, token: str) -> str:
    return f"{base}/#/mail/confirm/{token}"


def footer(base: str, token: str) -> str:
    return (
        "\n\n-- \n"
        + _(
            "You get this because you asked vaka to tell you of your turn-based games.\n"
            "Stop these emails: {link}"
        ).format(link=stop_link(base, token))
        + "\n"
    )


def confirmation(base: str, user_id: str, name: str, address: str, token: str) -> Mail:
    return Mail(
        user_id=user_id,
        key=f"confirm:{token[:16]}",
        address=address,
        subject=_("vaka: confirm your email address"),
        body=_(
            "Hello {name},\n\nSomeone (you, we hope) asked vaka to send its notices for the "
            "account {name} to this address. To confirm it, open:\n\n  {link}\n\n"
            "If it was not you, do nothing: no other mail comes here unless it is confirmed.\n"
        ).format(name=name, link=confirm_link(base, token)),
    )


def your_turn(base: str, user_id: str, table_id: str, version: int, game: str, names: str) -> Mail:
    return Mail(
        user_id=user_id,
        key=f"turn:{table_id}:{version}",
        subject=_("vaka: your turn at {game}").format(game=game),
        body=_("It is your turn at {game} ({names}).\n\nPlay your move: {link}\n").format(
            game=game, names=names, link=table_link(base, table_id)
        ),
    )


def game_over(base: str, user_id: str, table_id: str, game: str, result: str) -> Mail:
    return Mail(
        user_id=user_id,
        key=f"over:{table_id}",
        subject=_("vaka: your game of {game} is over").format(game=game),
        body=_("{result}\n\nThe final scores, the replay and a review: {link}\n").format(
            result=result, link=table_link(base, table_id)
        ),
    )


def chat(
    base: str, user_id: str, table_id: str, game: str, lines: list[tuple[str, str, float]]
) -> Mail:
    shown = lines[-20:]
    said = "\n".join(f"  {name}: {text}" for name, text, _at in shown)
    earlier = len(lines) - len(shown)
    more = (
        "\n  " + ngettext("({n} earlier line)", "({n} earlier lines)", earlier).format(n=earlier)
        if earlier
        else ""
    )
    who = sorted({name for name, _text, _at in lines})
    return Mail(
        user_id=user_id,
        key=f"chat:{table_id}:{lines[-1][2]:.3f}",
        subject=_("vaka: {names} wrote at your {game} table").format(
            names=", ".join(who)[:80], game=game
        ),
        body=_("At your {game} table:\n\n{said}{more}\n\nAnswer: {link}\n").format(
            game=game, said=said, more=more, link=table_link(base, table_id)
        ),
    )
