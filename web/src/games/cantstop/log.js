// Can't Stop, the log in sentences.
const W = { en: { at: (col, sp) => `column ${col} space ${sp}`, and: 'and' }, de: { at: (col, sp) => `Spalte ${col} Feld ${sp}`, and: 'und' } };
const cols = (l, runners) => runners.map(([col, sp]) => W[l].at(col, sp)).join(', ');
const and = (l, xs) => (xs.length < 2 ? xs.join('') : `${xs.slice(0, -1).join(', ')} ${W[l].and} ${xs[xs.length - 1]}`);

export default {
  en: {
    GameStarted: (p, x) => `The board is empty; ${x.n(p.first)} starts`,
    DiceRolled: (p, x) => `${x.n(p.seat)} rolled ${and('en', p.dice.map(String))}`,
    RunnersMoved: (p, x) => `${x.n(p.seat)} moved on ${p.sums.length === 2 && p.sums[0] === p.sums[1] ? `${p.sums[0]} twice` : and('en', p.sums.map(String))}; runners at ${cols('en', p.runners)}`,
    Busted: (p, x) => `${x.n(p.seat)} rolled ${and('en', p.dice.map(String))} and busted: ${p.runners.length ? `the runners at ${cols('en', p.runners)} are lost` : 'nothing is lost'}`,
    Stopped: (p, x) => `${x.n(p.seat)} stopped and kept the progress${p.won.length ? `, winning column${p.won.length > 1 ? 's' : ''} ${and('en', p.won.map(String))}` : ''}`,
    TurnBegan: (p, x) => `${x.n(p.seat)}'s turn`,
    GameWon: (p, x) => `${x.n(p.seat)} won enough columns and wins the game`,
  },
  de: {
    GameStarted: (p, x) => `Der Plan ist leer; ${x.n(p.first)} beginnt`,
    DiceRolled: (p, x) => `${x.n(p.seat)} würfelte ${and('de', p.dice.map(String))}`,
    RunnersMoved: (p, x) => `${x.n(p.seat)} zog auf ${p.sums.length === 2 && p.sums[0] === p.sums[1] ? `${p.sums[0]} zweimal` : and('de', p.sums.map(String))}; Läufer auf ${cols('de', p.runners)}`,
    Busted: (p, x) => `${x.n(p.seat)} würfelte ${and('de', p.dice.map(String))} und scheiterte: ${p.runners.length ? `die Läufer auf ${cols('de', p.runners)} sind verloren` : 'nichts geht verloren'}`,
    Stopped: (p, x) => `${x.n(p.seat)} hörte auf und sicherte den Fortschritt${p.won.length ? `; ${p.won.length > 1 ? 'Spalten' : 'Spalte'} ${and('de', p.won.map(String))} gewonnen` : ''}`,
    TurnBegan: (p, x) => `${x.n(p.seat)} ist am Zug`,
    GameWon: (p, x) => `${x.n(p.seat)} hat genug Spalten und gewinnt das Spiel`,
  },
};
