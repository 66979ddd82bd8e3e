"""The words of each mail. Every mail but a confirmation ends with the link that stops
them (added when it is sent: the address's stop token as it is then)."""

from __future__ import annotations

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
        "\n\n-- \nYou get this because you asked vaka to tell you of your turn-based "
        f"games.\nStop these emails: {stop_link(base, token)}\n"
    )


def confirmation(base: str, user_id: str, name: str, address: str, token: str) -> Mail:
    return Mail(
        user_id=user_id,
        key=f"confirm:{token[:16]}",
        address=address,
        subject="vaka: confirm your email address",
        body=(
            f"Hello {name},\n\nSomeone (you, we hope) asked vaka to send its notices for "
            f"the account {name} to this address. To confirm it, open:\n\n"
            f"  {confirm_link(base, token)}\n\n"
            "If it was not you, do nothing: no other mail comes here unless it is "
            "confirmed.\n"
        ),
    )


def your_turn(base: str, user_id: str, table_id: str, version: int, game: str, names: str) -> Mail:
    return Mail(
        user_id=user_id,
        key=f"turn:{table_id}:{version}",
        subject=f"vaka: your turn at {game}",
        body=(
            f"It is your turn at {game} ({names}).\n\n"
            f"Play your move: {table_link(base, table_id)}\n"
        ),
    )


def game_over(base: str, user_id: str, table_id: str, game: str, result: str) -> Mail:
    return Mail(
        user_id=user_id,
        key=f"over:{table_id}",
        subject=f"vaka: your game of {game} is over",
        body=f"{result}\n\nThe final scores, the replay and a review: "
        f"{table_link(base, table_id)}\n",
    )


def chat(
    base: str, user_id: str, table_id: str, game: str, lines: list[tuple[str, str, float]]
) -> Mail:
    shown = lines[-20:]
    said = "\n".join(f"  {name}: {text}" for name, text, _ in shown)
    more = f"\n  ({len(lines) - len(shown)} earlier lines)" if len(lines) > len(shown) else ""
    who = sorted({name for name, _, _ in lines})
    return Mail(
        user_id=user_id,
        key=f"chat:{table_id}:{lines[-1][2]:.3f}",
        subject=f"vaka: {', '.join(who)[:80]} wrote at your {game} table",
        body=f"At your {game} table:\n\n{said}{more}\n\nAnswer: {table_link(base, table_id)}\n",
    )
