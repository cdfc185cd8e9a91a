// The move file's contents merged into what a phone already keeps: pure
// data in, data out (no storage, no screen), so the same file brought twice
// adds nothing and a phone with its own evenings keeps them beside the new
// ones. People are one person when their id matches or a name matches a
// name or alias (the other phone's spelling stays as an alias); a group or
// a house rule set already here (same id, or same name and contents) is
// kept as it is here.

export const MOVE_FORMAT = 'schraem-move/1';

function sameText(a, b) {
  return typeof a === 'string' && typeof b === 'string' && a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();
}

function namesOf(p) {
  return [p.name, ...(Array.isArray(p.aliases) ? p.aliases : [])];
}

// A person of the file is one of this phone's people by id; else by
// name: first the same own name, then any name or alias. The file's people
// are distinct people on the phone they came from, so two of them never
// become one here (each of this phone's people takes at most one of them
// by name): the Abrechnung counts them apart on both phones.
function mergePeople(mine, theirs) {
  const people = mine.map((p) => ({ ...p, aliases: [...(p.aliases ?? [])] }));
  const idMap = new Map();
  const taken = new Set();
  const matched = new Map();
  for (const p of theirs) {
    const here = people.find((q) => q.id === p.id);
    if (here) { matched.set(p, here); taken.add(here.id); }
  }
  const byName = (same) => {
    for (const p of theirs) {
      if (matched.has(p)) continue;
      const here = people.slice(0, mine.length).find((q) => !taken.has(q.id) && same(p, q));
      if (here) { matched.set(p, here); taken.add(here.id); }
    }
  };
  byName((p, q) => sameText(p.name, q.name));
  byName((p, q) => namesOf(p).some((n) => namesOf(q).some((x) => sameText(n, x))));
  let added = 0;
  let aliases = 0;
  for (const p of theirs) {
    const here = matched.get(p);
    if (here) {
      idMap.set(p.id, here.id);
      for (const n of namesOf(p)) {
        if (!namesOf(here).includes(n)) { here.aliases.push(n); aliases += 1; }
      }
    } else {
      people.push({ ...p, aliases: [...(p.aliases ?? [])] });
      idMap.set(p.id, p.id);
      added += 1;
    }
  }
  return { people, idMap, added, aliases };
}

function sameRules(a, b) {
  return a.rules === b.rules && JSON.stringify(a.options) === JSON.stringify(b.options);
}

function mergeHouse(mine, theirs) {
  const sets = [...mine];
  const idMap = new Map();
  let added = 0;
  for (const s of theirs) {
    const here = sets.find((x) => x.id === s.id) ?? sets.find((x) => sameText(x.name, s.name) && sameRules(x, s));
    if (here) { idMap.set(s.id, here.id); continue; }
    // The same name for other rules: both kept, told apart by a number.
    let name = s.name;
    for (let k = 2; sets.some((x) => sameText(x.name, name)); k += 1) name = `${s.name} (${k})`;
    sets.push({ ...s, name });
    idMap.set(s.id, s.id);
    added += 1;
  }
  return { sets, idMap, added };
}

// A group's house rules are named by key: `own:<id>` follows the set it
// was merged into; a ready format (`ready:…`) is the same on every phone.
function houseKey(key, idMap) {
  if (typeof key !== 'string' || !key.startsWith('own:')) return key ?? null;
  const id = idMap.get(key.slice(4));
  return id ? `own:${id}` : null;
}

function mergeGroups(mine, theirs, peopleMap, houseMap) {
  const groups = [...mine];
  let added = 0;
  for (const g of theirs) {
    if (groups.some((x) => x.id === g.id || sameText(x.name, g.name))) continue;
    const members = [...new Set(g.members.map((id) => peopleMap.get(id)).filter(Boolean))];
    groups.push({ ...g, members, house: houseKey(g.house, houseMap) });
    added += 1;
  }
  return { groups, added };
}

// mine, theirs: {history: [entries], people, groups, house, settings}.
// → {history: entries to add, people, groups, house, settings (null: keep
// this phone's), added: {history, people, groups, house}}
export function mergeMove(mine, theirs) {
  const ids = new Set(mine.history.map((e) => String(e.id)));
  const history = theirs.history.filter((e) => !ids.has(String(e.id)));
  const people = mergePeople(mine.people, theirs.people);
  const house = mergeHouse(mine.house, theirs.house);
  const groups = mergeGroups(mine.groups, theirs.groups, people.idMap, house.idMap);
  return {
    history,
    people: people.people,
    groups: groups.groups,
    house: house.sets,
    // A phone keeps its own settings; a phone that has none takes the file's.
    settings: mine.settings == null && theirs.settings != null ? theirs.settings : null,
    added: { history: history.length, people: people.added, groups: groups.added, house: house.added },
    aliases: people.aliases,
  };
}

// Whether the merge changes anything on this phone.
export function changesAnything(plan) {
  return Object.values(plan.added).some((n) => n > 0) || plan.aliases > 0 || plan.settings != null;
}
