// Tic-tac-toe, the log in sentences.
const CELL = {
  en: ['top left', 'top middle', 'top right', 'middle left', 'centre', 'middle right', 'bottom left', 'bottom middle', 'bottom right'],
  de: ['oben links', 'oben Mitte', 'oben rechts', 'Mitte links', 'Mitte', 'Mitte rechts', 'unten links', 'unten Mitte', 'unten rechts'],
};
export default {
  en: { Marked: (p, x) => `${x.n(p.seat)} marked the ${CELL.en[p.cell] || `cell ${p.cell + 1}`} cell` },
  de: { Marked: (p, x) => `${x.n(p.seat)} markierte das Feld ${CELL.de[p.cell] || p.cell + 1}` },
};
