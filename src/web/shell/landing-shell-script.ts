/** index.html holds one `<template id="landing-shell-<language>">` per language (vite.config.ts). */
export const LANDING_SHELL_TEMPLATE_ID = 'landing-shell-'

/** localStorage flag of a browser whose last session was a member's (see rememberSession). */
const SIGNED_IN_KEY = 'signedIn'

/**
 * Runs inline in index.html, after the templates and before first paint: on `/` only, it moves the
 * visitor's language's copy of the landing page into #root, where React's first render replaces
 * it. The language is read as src/web/lib/i18n.ts reads it (localStorage.language, else Spanish).
 * Plain ES5 in a string because its exact text is hashed into the CSP (script-src, see
 * src/server/middleware/security-headers.ts); the build fails when the two disagree.
 */
export const LANDING_SHELL_SCRIPT =
  "(function(){if(location.pathname!=='/')return;var l='es';" +
  `try{if(localStorage.getItem('${SIGNED_IN_KEY}'))return;` +
  "if(localStorage.getItem('language')==='en')l='en'}catch(e){}" +
  `var t=document.getElementById('${LANDING_SHELL_TEMPLATE_ID}'+l),r=document.getElementById('root');` +
  'if(!t||!r)return;document.documentElement.lang=l;r.replaceChildren(t.content)})()'

/**
 * Members opening `/` are sent on to their dashboard, so the landing shell would only flash for
 * them: the script skips it while the last known session was a member's. A sign-in or sign-out
 * shows up here on the next load, which costs at most one flash or one slower landing paint.
 */
export function rememberSession(isSignedIn: boolean): void {
  try {
    if (isSignedIn) window.localStorage.setItem(SIGNED_IN_KEY, '1')
    else window.localStorage.removeItem(SIGNED_IN_KEY)
  } catch {
    // Storage blocked (private mode): the shell then shows on `/` to everyone.
  }
}
