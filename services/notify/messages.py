"""What a notification says: mail subject, plain-text and HTML bodies, push payload."""

from __future__ import annotations

import html
from typing import Any

import msgspec

KIND_TITLES = {
    "your_turn": "your turn",
    "reminder": "reminder: your turn",
    "last_warning": "last warning: your turn",
    "game_over": "game over",
    "invited": "invitation",
    "match_ready": "your tournament table is ready",
    "tournament_started": "the tournament starts",
    "tournament_over": "the tournament is over",
}


class Rendered(msgspec.Struct, frozen=True, kw_only=True):
    """One message, ready for a channel."""

    subject: str
    text: str
    html: str
    link: str


def render(kind: str, facts: dict[str, Any]) -> Rendered:
    """The message of one notice."""
    if kind == CONFIRM_KIND:
        return _confirmation(facts)
    if kind == SIGN_IN_KIND:
        return _sign_in(facts)
    if kind == "invited":
        return _invited(facts)
    if kind == "match_ready":
        return _match_ready(facts)
    if kind in ("tournament_started", "tournament_over"):
        return _tournament(kind, facts)
    game, link = str(facts["game"]), str(facts["link"])
    title = KIND_TITLES.get(kind.rstrip("0123456789"), kind)
    if kind == "game_over":
        lines = [f"{r['rank']}. {r['name']} ({r['score']})" for r in facts.get("ranking", [])]
        subject = f"[senet] {game}: game over"
        intro = f"The game of {game} is over. Final ranking:"
    else:
        opponents = ", ".join(facts.get("opponents", []))
        subject = f"[senet] {game}: {title}: {facts.get('prompt', '')}".rstrip(": ")
        intro = f"{facts.get('name', '')}, it is your turn in {game} against {opponents}."
        lines = [f"You are asked to: {facts.get('prompt', '')}"]
        if kind == "last_warning" and "deadline" in facts:
            lines.append(f"The turn times out at {facts['deadline']} (UTC).")
    text = "\n".join([intro, "", *lines, "", f"Table: {facts['table_id']}", link, ""])
    items = "".join(f"<li>{html.escape(line)}</li>" for line in lines)
    body = (
        f"<p>{html.escape(intro)}</p><ul>{items}</ul>"
        f'<p><a href="{html.escape(link)}">Open the table</a></p>'
    )
    return Rendered(subject=subject, text=text, html=body, link=link)


CONFIRM_KIND = "confirm_email"
SIGN_IN_KIND = "sign_in"
ACCOUNT_KINDS = frozenset({CONFIRM_KIND, SIGN_IN_KIND})  # asked for: no digest, no quiet hours


def _invited(facts: dict[str, Any]) -> Rendered:
    game, link = str(facts["game"]), str(facts["link"])
    seated = ", ".join(n for n in facts.get("players", []) if n)
    intro = f"{facts.get('host', '')} invited you to a table of {game} (seated: {seated})."
    text = "\n".join([intro, "Join it or decline on its page:", "", link, ""])
    body = f'<p>{html.escape(intro)}</p><p><a href="{html.escape(link)}">Open the table</a></p>'
    return Rendered(subject=f"[senet] {game}: invitation", text=text, html=body, link=link)


def _sign_in(facts: dict[str, Any]) -> Rendered:
    link = str(facts["link"])
    intro = (
        f"Someone (hopefully you) asked for a link to sign in to senet as {facts['name']}. "
        "It works once, for 30 minutes, and gives that browser a new token:"
    )
    text = "\n".join([intro, "", link, "", "If it was not you, ignore this mail.", ""])
    body = (
        f"<p>{html.escape(intro)}</p>"
        f'<p><a href="{html.escape(link)}">Sign in</a></p>'
        "<p>If it was not you, ignore this mail.</p>"
    )
    return Rendered(subject="[senet] your sign-in link", text=text, html=body, link=link)


def _confirmation(facts: dict[str, Any]) -> Rendered:
    link = str(facts["link"])
    intro = (
        f"Someone (hopefully you) asked senet to send game notifications to {facts['email']}. "
        "Nothing else will be sent to this address unless you confirm it:"
    )
    text = "\n".join([intro, "", link, "", "If it was not you, ignore this mail.", ""])
    body = (
        f"<p>{html.escape(intro)}</p>"
        f'<p><a href="{html.escape(link)}">Confirm this address</a></p>'
        "<p>If it was not you, ignore this mail.</p>"
    )
    return Rendered(subject="[senet] confirm your address", text=text, html=body, link=link)


def render_digest(entries: list[tuple[str, dict[str, Any]]]) -> Rendered:
    """One mail for several notices of one player."""
    parts = [render(kind, facts) for kind, facts in entries]
    subject = f"[senet] {len(parts)} turns wait for you"
    text = "\n\n".join(p.text for p in parts)
    body = "<hr>".join(p.html for p in parts)
    return Rendered(subject=subject, text=text, html=body, link=parts[0].link)


def push_payload(kind: str, facts: dict[str, Any]) -> bytes:
    """The JSON a service worker receives."""
    message = render(kind, facts)
    return msgspec.json.encode(
        {"title": message.subject, "body": message.text.split("\n", 1)[0], "url": message.link,
         "kind": kind, "table_id": facts["table_id"]}
    )  # fmt: skip


def _match_ready(facts: dict[str, Any]) -> Rendered:
    """A tournament's match table is open: who plays, where, and the tournament's page."""
    game, link = str(facts["game"]), str(facts["link"])
    players = ", ".join(facts.get("players", []))
    subject = f"[senet] {game}: your tournament table is ready"
    intro = f"Your next tournament match of {game} is ready: {players}."
    tournament = str(facts.get("tournament_link", ""))
    text = "\n".join([intro, "", f"Table: {facts['table_id']}", link, "",
                      f"Tournament: {tournament}", ""])  # fmt: skip
    body = (
        f"<p>{html.escape(intro)}</p>"
        f'<p><a href="{html.escape(link)}">Open the table</a> · '
        f'<a href="{html.escape(tournament)}">the tournament</a></p>'
    )
    return Rendered(subject=subject, text=text, html=body, link=link)


def _tournament(kind: str, facts: dict[str, Any]) -> Rendered:
    """A tournament started (who plays) or ended (the final standings)."""
    name, game, link = str(facts["tournament"]), str(facts["game"]), str(facts["link"])
    if kind == "tournament_started":
        subject = f"[senet] {name} ({game}): the tournament starts"
        intro = f"{facts.get('name', '')}, the tournament {name} of {game} starts."
        lines = [f"Players: {', '.join(facts.get('players', []))}",
                 "You will be told when each of your tables is ready."]  # fmt: skip
    else:
        subject = f"[senet] {name} ({game}): the tournament is over"
        intro = f"The tournament {name} of {game} is over. Final standings:"
        lines = [f"{r['rank']}. {r['name']} ({r['points']:g})" for r in facts.get("ranking", [])]
    text = "\n".join([intro, "", *lines, "", link, ""])
    items = "".join(f"<li>{html.escape(line)}</li>" for line in lines)
    body = (
        f"<p>{html.escape(intro)}</p><ul>{items}</ul>"
        f'<p><a href="{html.escape(link)}">Open the tournament</a></p>'
    )
    return Rendered(subject=subject, text=text, html=body, link=link)
