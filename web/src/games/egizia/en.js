// Egizia, the English catalogue: move names, move fields, prompts, table
// options, the rules in short (where the game has them: the end, the breakdown's rows, the
// board's words). tests/unit/test_game_words.py checks every move, field, prompt and option.
import prompts from './prompts.js';

export default {
  moves: {
    PlaceShip: 'Place a ship',
    PlayNileCard: 'Play a Nile card',
    EndTurn: 'End the turn',
    AdvanceCrew: 'Advance a crew',
    MoveWaterRing: 'Move the water ring',
    TakeLeftoverCard: 'Take a remaining card',
    TradeStonesForGrain: 'Trade stones for grain',
    AcceptFeeding: 'Feed the crews',
    AssignCrew: 'Add a crew to the build',
    PassBuild: 'Give up the place',
    DrawSphinxCards: 'Draw Sphinx cards',
    KeepSphinxCards: 'Keep Sphinx cards',
    BuildObelisk: 'Build on the obelisk',
    TakeTomb: 'Take a tomb',
    BuildPyramid: 'Build on the pyramid',
    BuildTemple: 'Build on the temple',
    FinishBuild: 'Finish building',
  },
  fields: {
    stop: 'stop',
    berth: 'berth',
    doubled: 'doubled',
    card: 'card',
    crew: 'crew',
    site: 'site',
    field: 'field',
    count: 'number',
    direction: 'direction',
    cards: 'cards',
    row: 'row',
    marker: 'marker',
  },
  prompts: prompts.en,
  options: {
    variant: ['Online variant', 'Without the two strongest cards: the Nile card "+2 Sphinx cards" and the Sphinx card "1 point per 10 points".', {}],
  },
  help: [
    'Five rounds. Each round Nile cards are laid along the river; in turn order you place ships downstream of your last one: on a card (take it), a city (its action) or a building site (a berth to build later).',
    'Feed your crews with the grain of your fields (the water ring decides which fields give grain), or lose points.',
    'Your quarries give stones; at each site the ships build in berth order: crews of enough strength and stones raise the obelisk, pyramid, temple or take tombs, for points at once; at the Sphinx you draw Sphinx cards instead.',
    'At the end stones are sold, tombs and Sphinx cards score. Most points wins.',
  ],
  breakdown: { obelisk: 'Obelisk', pyramid: 'Pyramid (stones and rows)', temple: 'Temple', tombsBuilt: 'Tombs built', sphinxKept: 'Sphinx cards drawn', cards: 'Cards and sales', bottom: 'Bottom of a track', participation: 'Building on several sites', feeding: 'Crews not fed', sold: 'End: stones sold', tombs: 'End: tombs', sphinx: 'End: Sphinx cards', rest: 'Not broken down' },
  board: {
    sites: ['Sphinx', 'Obelisk / Tombs', 'Pyramid / Temple'],
    stops: { edfu: 'Edfu', sphinx: 'Sphinx', thebae: 'Thebae', passalon: 'Passalon', obelisk: 'Obelisk', selinon: 'Selinon', beni_hasan: 'Beni Hasan', pyramid: 'Pyramid', alyi: 'Alyi', heliopolis: 'Heliopolis' },
    river: 'The Nile', card: 'Nile card', round: 'Round', players: 'Players', score: 'Score', stones: 'Stones', crews: 'Crews (joker last)', ships: 'Ships', grain: 'Grain market', sale: 'Stone sale', sphinx: 'Sphinx cards', cards: 'Nile cards', tombs: 'Tombs', sites_h: 'Building sites', berths: 'Berths', obelisk: 'Obelisk', pyramid: 'Pyramid', temple: 'Temple', mine: 'My Sphinx cards', hidden: 'hidden', drawn: 'Drawn', deck: 'Decks', build: 'Building now', taken: 'taken', row: 'row', free: 'free', reserve: 'reserve', crew: (n) => `Crew ${n}`, joker: 'Joker',
    ring: 'Water ring', ringAt: ['left', 'middle', 'right'], ringHelp: 'The fields under the ring give grain.', order: 'Turn order', openTombs: 'Open tombs (value)', faceDown: 'face down',
    ringMove: ['one field left', 'where it is', 'one field right'], markers: { stone_sale: 'stone sale', grain_market: 'grain market' },
  },
};
