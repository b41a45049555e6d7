"""What a notification says: mail subject, plain-text and HTML bodies, push payload."""

from __future__ import annotations

import html
from typing import Any

import msgspec

from shared.games.prompts import Prompt, in_language
from shared.games.registry import GAME_PACKAGES, available_games, get_game

KIND_TITLES = {
    "en": {
        "your_turn": "your turn",
        "reminder": "reminder: your turn",
        "last_warning": "last warning: your turn",
        "game_over": "game over",
        "invited": "invitation",
        "match_ready": "your tournament table is ready",
        "tournament_started": "the tournament starts",
        "tournament_over": "the tournament is over",
        "dispute_opened": "a player reported a problem",
        "dispute_statement": "a statement on your report",
        "dispute_settled": "the arbiter's verdict",
    },
    "de": {
        "your_turn": "du bist dran",
        "reminder": "Erinnerung: du bist dran",
        "last_warning": "letzte Warnung: du bist dran",
        "game_over": "Spielende",
        "invited": "Einladung",
        "match_ready": "dein Turniertisch ist bereit",
        "tournament_started": "das Turnier beginnt",
        "tournament_over": "das Turnier ist vorbei",
        "dispute_opened": "ein Problem wurde gemeldet",
        "dispute_statement": "eine Stellungnahme zu deiner Meldung",
        "dispute_settled": "der Schiedsspruch",
    },
}


def _lang(language: str) -> str:
    return "de" if language == "de" else "en"


def game_title(facts: dict[str, Any], language: str) -> str:
    """The game's title in the reader's language (the game's `titles`, as the web client's
    `/api/games` gives them), from the game's id in `game_name`; else `game` as it came."""
    name = str(facts.get("game_name", ""))
    if name not in available_games():
        return str(facts["game"])
    spec = get_game(name)
    return spec.titles.get(_lang(language), spec.title)


def prompt_in(facts: dict[str, Any], language: str) -> str:
    """The game's prompt in the player's language: its code in the words of the game's
    prompts.toml (as the web client says it), else the English prompt as it came."""
    code, game = facts.get("prompt_code"), facts.get("game_name")
    package = GAME_PACKAGES.get(str(game))
    if not code or package is None:
        return str(facts.get("prompt", ""))
    players = list(facts.get("players", []))

    def name(seat: int) -> str:
        return str(players[seat]) if 0 <= seat < len(players) else f"#{seat + 1}"

    asked = Prompt(str(code), dict(facts.get("prompt_params") or {}))
    return in_language(package, asked, _lang(language), name)


class Rendered(msgspec.Struct, frozen=True, kw_only=True):
    """One message, ready for a channel."""

    subject: str
    text: str
    html: str
    link: str


def render(kind: str, facts: dict[str, Any], language: str = "en") -> Rendered:
    """The message of one notice, in the player's language (English or German)."""
    de = _lang(language) == "de"
    if kind == CONFIRM_KIND:
        return _confirmation(facts)
    if kind == SIGN_IN_KIND:
        return _sign_in(facts)
    if kind == "invited":
        return _invited(facts, de)
    if kind == "match_ready":
        return _match_ready(facts, de)
    if kind in ("tournament_started", "tournament_over"):
        return _tournament(kind, facts, de)
    if kind.startswith("dispute_"):
        return _dispute(kind, facts, de)
    game, link = game_title(facts, "de" if de else "en"), str(facts["link"])
    title = KIND_TITLES["de" if de else "en"].get(kind.rstrip("0123456789"), kind)
    prompt = prompt_in(facts, language)
    if kind == "game_over":
        lines = [f"{r['rank']}. {r['name']} ({r['score']})" for r in facts.get("ranking", [])]
        subject = f"[senet] {game}: {title}"
        intro = (
            f"Die Partie {game} ist vorbei. Endstand:"
            if de
            else f"The game of {game} is over. Final ranking:"
        )
    else:
        opponents = ", ".join(facts.get("opponents", []))
        subject = f"[senet] {game}: {title}: {prompt}".rstrip(": ")
        intro = (
            f"{facts.get('name', '')}, du bist dran in {game} gegen {opponents}."
            if de
            else f"{facts.get('name', '')}, it is your turn in {game} against {opponents}."
        )
        lines = [f"Deine Aufgabe: {prompt}" if de else f"You are asked to: {prompt}"]
        if kind == "last_warning" and "deadline" in facts:
            lines.append(
                f"Der Zug verfällt um {facts['deadline']} (UTC)."
                if de
                else f"The turn times out at {facts['deadline']} (UTC)."
            )
    table = "Tisch" if de else "Table"
    text = "\n".join([intro, "", *lines, "", f"{table}: {facts['table_id']}", link, ""])
    items = "".join(f"<li>{html.escape(line)}</li>" for line in lines)
    body = (
        f"<p>{html.escape(intro)}</p><ul>{items}</ul>"
        f'<p><a href="{html.escape(link)}">{"Zum Tisch" if de else "Open the table"}</a></p>'
    )
    return Rendered(subject=subject, text=text, html=body, link=link)


CONFIRM_KIND = "confirm_email"
SIGN_IN_KIND = "sign_in"
ACCOUNT_KINDS = frozenset({CONFIRM_KIND, SIGN_IN_KIND})  # asked for: no digest, no quiet hours


def _invited(facts: dict[str, Any], de: bool = False) -> Rendered:
    game, link = game_title(facts, "de" if de else "en"), str(facts["link"])
    seated = ", ".join(n for n in facts.get("players", []) if n)
    if de:
        intro = f"{facts.get('host', '')} lädt dich an einen Tisch {game} ein (dabei: {seated})."
        more = "Tritt bei oder lehne ab, auf seiner Seite:"
        open_it, title = "Zum Tisch", "Einladung"
    else:
        intro = f"{facts.get('host', '')} invited you to a table of {game} (seated: {seated})."
        more, open_it, title = "Join it or decline on its page:", "Open the table", "invitation"
    text = "\n".join([intro, more, "", link, ""])
    body = f'<p>{html.escape(intro)}</p><p><a href="{html.escape(link)}">{open_it}</a></p>'
    return Rendered(subject=f"[senet] {game}: {title}", text=text, html=body, link=link)


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


def render_digest(entries: list[tuple[str, dict[str, Any]]], language: str = "en") -> Rendered:
    """One mail for several notices of one player."""
    parts = [render(kind, facts, language) for kind, facts in entries]
    subject = (
        f"[senet] {len(parts)} Züge warten auf dich"
        if _lang(language) == "de"
        else f"[senet] {len(parts)} turns wait for you"
    )
    text = "\n\n".join(p.text for p in parts)
    body = "<hr>".join(p.html for p in parts)
    return Rendered(subject=subject, text=text, html=body, link=parts[0].link)


def push_payload(kind: str, facts: dict[str, Any], language: str = "en") -> bytes:
    """The JSON a service worker receives."""
    message = render(kind, facts, language)
    return msgspec.json.encode(
        {"title": message.subject, "body": message.text.split("\n", 1)[0], "url": message.link,
         "kind": kind, "table_id": facts["table_id"]}
    )  # fmt: skip


def _match_ready(facts: dict[str, Any], de: bool = False) -> Rendered:
    """A tournament's match table is open: who plays, where, and the tournament's page."""
    game, link = game_title(facts, "de" if de else "en"), str(facts["link"])
    players = ", ".join(facts.get("players", []))
    title = KIND_TITLES["de" if de else "en"]["match_ready"]
    subject = f"[senet] {game}: {title}"
    if de:
        intro = f"Deine nächste Turnierpartie {game} ist bereit: {players}."
        words = ("Tisch", "Turnier", "Zum Tisch", "zum Turnier")
    else:
        intro = f"Your next tournament match of {game} is ready: {players}."
        words = ("Table", "Tournament", "Open the table", "the tournament")
    tournament = str(facts.get("tournament_link", ""))
    text = "\n".join([intro, "", f"{words[0]}: {facts['table_id']}", link, "",
                      f"{words[1]}: {tournament}", ""])  # fmt: skip
    body = (
        f"<p>{html.escape(intro)}</p>"
        f'<p><a href="{html.escape(link)}">{words[2]}</a> · '
        f'<a href="{html.escape(tournament)}">{words[3]}</a></p>'
    )
    return Rendered(subject=subject, text=text, html=body, link=link)


def _tournament(kind: str, facts: dict[str, Any], de: bool = False) -> Rendered:
    """A tournament started (who plays) or ended (the final standings)."""
    name, link = str(facts["tournament"]), str(facts["link"])
    game = game_title(facts, "de" if de else "en")
    title = KIND_TITLES["de" if de else "en"][kind]
    subject = f"[senet] {name} ({game}): {title}"
    players = ", ".join(facts.get("players", []))
    if kind == "tournament_started" and de:
        intro = f"{facts.get('name', '')}, das Turnier {name} ({game}) beginnt."
        lines = [f"Spieler: {players}", "Du erfährst, wann jeder deiner Tische bereit ist."]
    elif kind == "tournament_started":
        intro = f"{facts.get('name', '')}, the tournament {name} of {game} starts."
        lines = [f"Players: {players}", "You will be told when each of your tables is ready."]
    else:
        intro = (
            f"Das Turnier {name} ({game}) ist vorbei. Endstand:"
            if de
            else f"The tournament {name} of {game} is over. Final standings:"
        )
        lines = [f"{r['rank']}. {r['name']} ({r['points']:g})" for r in facts.get("ranking", [])]
    text = "\n".join([intro, "", *lines, "", link, ""])
    items = "".join(f"<li>{html.escape(line)}</li>" for line in lines)
    body = (
        f"<p>{html.escape(intro)}</p><ul>{items}</ul>"
        f'<p><a href="{html.escape(link)}">{"Zum Turnier" if de else "Open the tournament"}'
        "</a></p>"
    )
    return Rendered(subject=subject, text=text, html=body, link=link)


VERDICTS_DE = {"stands": "bleibt bestehen", "replayed": "wird neu entschieden",
               "annulled": "annulliert", "forfeit": "aufgegeben"}  # fmt: skip


def _dispute(kind: str, facts: dict[str, Any], de: bool = False) -> Rendered:
    """A dispute about a table: opened, a statement added, or its verdict with the reason."""
    link, table_id = str(facts["link"]), str(facts["table_id"])
    game = game_title(facts, "de" if de else "en")
    title = KIND_TITLES["de" if de else "en"][kind]
    verdict = str(facts.get("verdict", ""))
    if kind == "dispute_opened":
        why = facts["reason"]
        intro = (
            f"Ein Mitspieler hat ein Problem in der Partie {game} gemeldet ({why})."
            if de
            else f"A player reported a problem in the game of {game} ({why})."
        )
        lines = ["Du kannst eine Stellungnahme abgeben." if de else "You may add a statement."]
    elif kind == "dispute_statement":
        intro = (
            f"Ein Mitspieler hat Stellung zu deiner Meldung über {game} genommen."
            if de
            else f"Another player added a statement to your report about {game}."
        )
        lines = []
    else:
        shown = VERDICTS_DE.get(verdict, verdict) if de else verdict
        intro = (
            f"Der Schiedsspruch zur Partie {game}: {shown}."
            if de
            else f"The arbiter's verdict on the game of {game}: {shown}."
        )
        lines = [f"{'Begründung' if de else 'Reason'}: {facts.get('verdict_reason', '')}"]
    table = "Tisch" if de else "Table"
    text = "\n".join([intro, "", *lines, "", f"{table}: {table_id}", link, ""])
    items = "".join(f"<p>{html.escape(line)}</p>" for line in lines)
    body = (
        f"<p>{html.escape(intro)}</p>{items}"
        f'<p><a href="{html.escape(link)}">{"Zum Fall" if de else "Open the case"}</a></p>'
    )
    return Rendered(subject=f"[senet] {game}: {title}", text=text, html=body, link=link)
