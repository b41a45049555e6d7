// Istanbul, the English catalogue: move names, move fields, prompts, table options,
// the rules in short and the board's words. tests/unit/test_game_words.py checks that every
// move, field, prompt code and option of the game has its words here.
import prompts from './prompts.js';

export default {
  moves: {
  "Move": "Move",
  "MoveFar": "Move 3 or 4 places",
  "Stay": "Stay",
  "Enter": "Assistant",
  "EndTurn": "End the turn",
  "Act": "Carry out the action",
  "Skip": "Skip the action",
  "Fountain": "Fountain",
  "BlackMarket": "Black Market",
  "TeaHouse": "Tea House",
  "Sell": "Sell",
  "SendFamily": "Send the family member",
  "Sultan": "Buy a ruby",
  "TakeTile": "Take a mosque tile",
  "TakeCard": "Take a bonus card",
  "DiscardCard": "Discard a bonus card",
  "KeepDice": "Keep the dice",
  "RedTile": "Red mosque tile",
  "Reward": "Reward",
  "UseGovernor": "Use the governor",
  "PayGovernor": "Pay the governor",
  "UseSmuggler": "Use the smuggler",
  "PlayCard": "Play a bonus card",
  "BuyBack": "Buy back the assistant",
  "ExtraGood": "Buy an extra good"
},
  fields: {
  "to": "to",
  "pay": "pay",
  "places": "places",
  "good": "good",
  "call": "call",
  "goods": "goods",
  "card": "card",
  "any": "goods",
  "source": "from",
  "die": "die",
  "take": "take",
  "place": "place"
},
  prompts: prompts.en,
  options: {
    "layout": [
      "Layout of the places",
      "The printed short paths (best for a first game), the long paths, the places in number order, or a random layout within the rules' limits.",
      {
        "short": "short paths",
        "long": "long paths",
        "number": "in number order",
        "random": "random"
      }
    ]
  },
  help: [
  "Move your merchant 1 or 2 places; leave an assistant there (or collect one of yours) to use the place's action. Without an assistant the turn ends.",
  "Meeting other merchants costs 2 Lira each; the governor and the smuggler offer a deal; your family member can be caught at the Police Station.",
  "Collect goods in your wheelbarrow, sell them at the markets, buy rubies at the Sultan's Palace, the Gemstone Dealer and the Wainwright, and mosque tiles for lasting bonuses.",
  "When a player has the rubies to win (5 or 6 by player count) the round is played out; most rubies wins, ties go to Lira, then goods, then bonus cards."
],
};
