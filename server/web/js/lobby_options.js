// The lobby's "create a game" options as form fields, from the option list GET /api/titles gives
// for a title ({id, description, default}). No DOM here, so that Node tests it.
//
// The kind of field follows the option: a boolean default is a checkbox (the optional rules), a
// number default a number field, the option `bid` ({side, vp}: VP toward one side, 13.3) a side
// choice among the title's roles and a VP number, anything else a text field read as JSON (empty
// means "not set", the module's default). A raw JSON object typed in the advanced field goes over
// all of these.

export function optionFields(options, roles = []) {
  return (Array.isArray(options) ? options : []).map((o) => {
    const field = { id: o.id, description: o.description || '', default: o.default ?? null, label: optionLabel(o) };
    if (typeof o.default === 'boolean') return { ...field, kind: 'bool' };
    if (typeof o.default === 'number') return { ...field, kind: 'number' };
    if (o.id === 'bid' && roles.length >= 2) {
      const range = /\b(\d+)\s*[-–]\s*(\d+)\b/.exec(field.description);
      return { ...field, kind: 'bid', sides: [...roles], min: range ? Number(range[1]) : 0, max: range ? Number(range[2]) : 10 };
    }
    return { ...field, kind: 'json' };
  });
}

// "Optional rule 14.1: If one of..." -> {title: "Optional rule 14.1", text: "If one of..."}.
function optionLabel(o) {
  const text = o.description || o.id;
  const m = /^([^:]{1,40}):\s*(.*)$/s.exec(text);
  return m ? { title: m[1], text: m[2] } : { title: o.id, text };
}

// The options object for POST /api/games from the fields and what the form holds:
// values[id] is a boolean (bool), a string (number, json) or {side, vp} strings (bid); `raw` is
// the advanced JSON text. Values equal to the default are left out. Throws an Error whose message
// is for the player.
export function collectOptions(fields, values, raw = '') {
  const options = {};
  for (const f of fields) {
    const v = values[f.id];
    if (v === undefined) continue;
    if (f.kind === 'bool') {
      if (Boolean(v) !== f.default) options[f.id] = Boolean(v);
    } else if (f.kind === 'number') {
      const text = String(v).trim();
      if (text === '') continue;
      const n = Number(text);
      if (!Number.isFinite(n)) throw new Error(`${f.id} must be a number.`);
      if (n !== f.default) options[f.id] = n;
    } else if (f.kind === 'bid') {
      if (!v || !v.side) continue;
      if (!f.sides.includes(v.side)) throw new Error(`The bid side must be one of ${f.sides.join(', ')}.`);
      const vp = Number(String(v.vp ?? '').trim() || '0');
      if (!Number.isInteger(vp) || vp < f.min || vp > f.max) throw new Error(`The bid must be ${f.min} to ${f.max} VP.`);
      options[f.id] = { side: v.side, vp };
    } else {
      const text = String(v).trim();
      if (text === '') continue;
      try {
        options[f.id] = JSON.parse(text);
      } catch {
        options[f.id] = text; // a bare word: a string
      }
    }
  }
  const rawText = String(raw ?? '').trim();
  if (rawText) {
    let extra;
    try {
      extra = JSON.parse(rawText);
    } catch (e) {
      throw new Error(`Options are not valid JSON: ${e.message}`);
    }
    if (extra === null || typeof extra !== 'object' || Array.isArray(extra))
      throw new Error('Options must be a JSON object, like {"target": 15}.');
    Object.assign(options, extra);
  }
  return options;
}

// A short description of a game's options for lists ("bid british 2 VP, 14.1, 14.3").
export function optionsSummary(options) {
  if (!options || typeof options !== 'object') return '';
  const parts = [];
  for (const [id, value] of Object.entries(options)) {
    if (value === null || value === false) continue;
    if (id === 'bid' && value && typeof value === 'object') parts.push(`bid ${value.side} ${value.vp} VP`);
    else if (value === true) parts.push(id.replace(/^optional_(\d+)_(\d+)$/, '$1.$2'));
    else parts.push(`${id} ${typeof value === 'object' ? JSON.stringify(value) : value}`);
  }
  return parts.join(', ');
}
