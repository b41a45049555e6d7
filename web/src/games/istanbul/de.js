// Istanbul, the German catalogue: move names, move fields, prompts, table options,
// the rules in short and the board's words. tests/unit/test_game_words.py checks that every
// move, field, prompt code and option of the game has its words here.
import prompts from './prompts.js';

export default {
  moves: {
  "Move": "Ziehen",
  "MoveFar": "3 oder 4 Orte ziehen",
  "Stay": "Stehenbleiben",
  "Enter": "Gehilfe",
  "EndTurn": "Zug beenden",
  "Act": "Aktion ausführen",
  "Skip": "Aktion auslassen",
  "Fountain": "Brunnen",
  "BlackMarket": "Schwarzmarkt",
  "TeaHouse": "Teestube",
  "Sell": "Verkaufen",
  "SendFamily": "Familienmitglied schicken",
  "Sultan": "Rubin kaufen",
  "TakeTile": "Moscheeplättchen nehmen",
  "TakeCard": "Bonuskarte nehmen",
  "DiscardCard": "Bonuskarte abwerfen",
  "KeepDice": "Würfel behalten",
  "RedTile": "Rotes Moscheeplättchen",
  "Reward": "Belohnung",
  "UseGovernor": "Gouverneur nutzen",
  "PayGovernor": "Gouverneur bezahlen",
  "UseSmuggler": "Schmuggler nutzen",
  "PlayCard": "Bonuskarte spielen",
  "BuyBack": "Gehilfen zurückkaufen",
  "ExtraGood": "Extra-Ware kaufen"
},
  fields: {
  "to": "nach",
  "pay": "zahlen",
  "places": "Orte",
  "good": "Ware",
  "call": "Ansage",
  "goods": "Waren",
  "card": "Karte",
  "any": "Waren",
  "source": "von",
  "die": "Würfel",
  "take": "nehmen",
  "place": "Ort"
},
  prompts: prompts.de,
  options: {
    "layout": [
      "Anordnung der Orte",
      "Die gedruckten kurzen Wege (am besten für die erste Partie), die langen Wege, die Orte nach Nummer oder eine zufällige Anordnung in den Grenzen der Regeln.",
      {
        "short": "kurze Wege",
        "long": "lange Wege",
        "number": "nach Nummer",
        "random": "zufällig"
      }
    ]
  },
  help: [
  "Zieh deinen Kaufmann 1 oder 2 Orte weit; lass dort einen Gehilfen (oder hol einen deiner zurück), um die Aktion des Ortes zu nutzen. Ohne Gehilfen endet der Zug.",
  "Andere Kaufleute zu treffen kostet je 2 Lira; Gouverneur und Schmuggler bieten ein Geschäft; dein Familienmitglied kann an der Polizeiwache erwischt werden.",
  "Sammle Waren im Handkarren, verkaufe sie auf den Märkten, kaufe Rubine im Sultanspalast, beim Edelsteinhändler und in der Wagnerei, und Moscheeplättchen für dauernde Vorteile.",
  "Hat ein Spieler genug Rubine (5 oder 6, je nach Spielerzahl), wird die Runde zu Ende gespielt; die meisten Rubine gewinnen, bei Gleichstand die meisten Lira, dann Waren, dann Bonuskarten."
],
};
