// Lets node load the web client's pure modules (log sentences, game catalogues) without
// node_modules: the registry of games also names each game's board, whose imports of preact
// and htm resolve here to stubs that are never called. Used as `node --import <this file>`.
import { register } from 'node:module';

const STUB = [
  'export default function htm() { return null; }',
  'export function h() { return null; }',
  'export function render() {}',
  'export class Component {}',
  'export function useState(v) { return [v, () => {}]; }',
  'export function useEffect() {}',
  'export function useRef(v) { return { current: v }; }',
].join('\n');

const HOOKS = `
const STUB = ${JSON.stringify(`data:text/javascript,${encodeURIComponent(STUB)}`)};
export async function resolve(specifier, context, next) {
  if (/^(preact|htm)(\\/|$)/.test(specifier)) return { url: STUB, shortCircuit: true };
  return next(specifier, context);
}
`;

register(`data:text/javascript,${encodeURIComponent(HOOKS)}`);
