// The page's words: read from the server (GET /api/strings), which serves them from the package's own catalogue
// (mahjong.i18n: the page's rows, the units, forms, waits, winds and win facts the command line uses too).  No
// word is kept here: this file only looks them up.
"use strict";

window.MJ_I18N = (() => {
  const table = { en: {}, zh: {} };
  async function load() {
    const res = await fetch("/api/strings");
    const got = await res.json();
    table.en = got.en || {};
    table.zh = got.zh || {};
  }
  function t(lang, key, vars) {
    let s = (table[lang] || table.zh)[key];
    if (s === undefined) return key;
    for (const [k, v] of Object.entries(vars || {})) s = s.split(`{${k}}`).join(String(v));
    return s;
  }
  return { t, load, keys: () => Object.keys(table.zh), table };
})();
