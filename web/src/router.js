// Page addresses: pushState navigation for links of this site, back/forward through popstate.
import { useEffect, useState } from 'preact/hooks';

const listeners = new Set();

export function navigate(to) {
  history.pushState(null, '', to);
  for (const fn of listeners) fn();
}

export function useLocation() {
  const [where, setWhere] = useState(location.pathname + location.search);
  useEffect(() => {
    const update = () => setWhere(location.pathname + location.search);
    listeners.add(update);
    addEventListener('popstate', update);
    return () => { listeners.delete(update); removeEventListener('popstate', update); };
  }, []);
  return where;
}

/** Follow same-site links without reloading the page (API and download links load normally). */
export function interceptLinks() {
  document.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const a = event.target.closest && event.target.closest('a[href]');
    if (!a || a.target || a.hasAttribute('download') || a.getAttribute('href').startsWith('#')) return;
    const url = new URL(a.href, location.href);
    if (url.origin !== location.origin || url.pathname.startsWith('/api/')) return;
    event.preventDefault();
    navigate(url.pathname + url.search + url.hash);
  });
}

/** `/tables/:id` against a path: the params, or null. */
export function match(pattern, path) {
  const p = pattern.split('/');
  const s = path.split('/');
  if (p.length !== s.length) return null;
  const params = {};
  for (let i = 0; i < p.length; i++) {
    if (p[i].startsWith(':')) params[p[i].slice(1)] = decodeURIComponent(s[i]);
    else if (p[i] !== s[i]) return null;
  }
  return params;
}
