"""Every tap and every field the shell draws has one part that answers it,
and every answer the parts declare is for something drawn. Read from the
sources, not the browser: the names the shell renders (a button's
`data-action`, an input's `data-field` and the other marks
context/taps.js names fields by) against the names the parts declare with
`declareTaps` and `declareFields` (context/taps.js; a name ending in ":" is
a prefix, answering every name that begins with it)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PWA = ROOT / "pwa"

# The translations hold words, not attributes; the QR libraries are not
# the shell's own.
SKIPPED = ("i18n", "vendor")

COMMENT = re.compile(r"""/\*.*?\*/|(?<![:'"\\])//[^\n]*""", re.S)
QUOTED = re.compile(r"""'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`""", re.S)

# The data- attributes a field is named by, and the start of such a name
# (context/taps.js fieldName): `data-field` by its value alone.
FIELD_MARKS = {"field": "", "setting": "setting:", "import": "import:", "duelField": "duel-field:", "duelFile": "duel-file:"}


def sources() -> dict[str, str]:
    """Each of the shell's own scripts (its path under pwa/) → its text
    without comments."""
    return {
        path.relative_to(PWA).as_posix(): COMMENT.sub("", path.read_text())
        for path in sorted(PWA.rglob("*.js"))
        if path.relative_to(PWA).parts[0] not in SKIPPED
    }


def expression(text: str, start: int) -> tuple[str, int]:
    """The expression from `start` to the end of its object entry or
    argument (the first `,` `}` `)` or `]` outside brackets and strings),
    and where it ends."""
    depth = 0
    i = start
    while i < len(text):
        ch = text[i]
        if ch in "'\"`":
            m = QUOTED.match(text, i)
            if m:
                i = m.end()
                continue
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            if depth == 0:
                break
            depth -= 1
        elif ch == "," and depth == 0:
            break
        i += 1
    return text[start:i].strip(), i


def named(expr: str) -> list[str] | None:
    """The names an expression can give: its quoted strings (both sides of
    a choice), a template literal as the prefix before its first `${…}`
    (ending in "…"); None when the expression is computed (a call, a
    variable, an object)."""
    if "(" in expr or "{" in expr.replace("${", ""):
        return None
    names = []
    for m in QUOTED.finditer(expr):
        if m.group(3) is not None:
            head, _, _ = m.group(3).partition("${")
            names.append(head if head == m.group(3) else head + "…")
        else:
            names.append(m.group(1) if m.group(1) is not None else m.group(2))
    return [n for n in names if n] or None


def arguments(text: str, open_paren: int) -> list[str]:
    """The arguments of the call whose `(` is at `open_paren`."""
    args = []
    i = open_paren + 1
    while i < len(text):
        arg, end = expression(text, i)
        args.append(arg)
        if end >= len(text) or text[end] != ",":
            break
        i = end + 1
    return args


def rendered(texts: dict[str, str], html: dict[str, str]) -> dict[str, dict[str, set[str]]]:
    """'tap' and 'field' → each name the shell renders → the files that
    render it. A name ending in "…" is a prefix followed by something
    computed (an id, a key)."""
    found: dict[str, dict[str, set[str]]] = {"tap": {}, "field": {}}

    def note(kind: str, name: str, where: str) -> None:
        found[kind].setdefault(name, set()).add(where)

    keys = {"action": ("tap", ""), **{mark: ("field", start) for mark, start in FIELD_MARKS.items()}}
    for where, text in texts.items():
        for key, (kind, start) in keys.items():
            # An object's entry, `action: 'x'` (a dataset, or what a helper
            # turns into one), or a default, `action = 'x'`.
            for m in re.finditer(rf"(?<![\w$.'\"-]){key}\s*(?::|=(?![=>]))\s*", text):
                names = named(expression(text, m.end())[0])
                if names:
                    for name in names:
                        note(kind, start + name, where)
                elif start and m.group(0).rstrip().endswith(":"):
                    note(kind, start + "…", where)  # a mark whose value is computed
            # `button.dataset.action = 'x'`
            for m in re.finditer(rf"\.dataset\.{key}\s*=\s*(['\"])([^'\"]+)\1", text):
                note(kind, start + m.group(2), where)
        # A helper that renders the name it is given (`function
        # colourSelect(value, field, label)`): the argument at that place
        # in each of its calls.
        for m in re.finditer(r"\bfunction\s+(\w+)\s*\(([^)]*)\)", text):
            params = [p.split("=")[0].strip() for p in m.group(2).split(",")]
            for key in ("action", "field"):
                if key not in params:
                    continue
                at = params.index(key)
                for other, body in texts.items():
                    for call in re.finditer(rf"(?<![\w$.]){m.group(1)}\(", body):
                        if body[: call.start()].rstrip().endswith("function"):
                            continue
                        args = arguments(body, call.end() - 1)
                        for name in (named(args[at]) or []) if at < len(args) else []:
                            note(keys[key][0], name, other)
    for where, text in html.items():
        for m in re.finditer(r"""\bdata-(action|field)=(['"])([^'"]+)\2""", text):
            note("tap" if m.group(1) == "action" else "field", m.group(3), where)
    return found


DECLARE = re.compile(r"""\bdeclare(Taps|Fields)\(\s*(['"])([^'"\n]+)\2\s*,""")
KEY = re.compile(r"""\s*(?:(['"])([^'"\n]+)\1|([A-Za-z_$][\w$]*))\s*:""")


def object_keys(text: str, brace: int) -> tuple[list[str], int]:
    """The keys of the object literal whose `{` is at `brace` (quoted or
    not), and where it ends."""
    keys = []
    i = brace + 1
    while True:
        m = KEY.match(text, i)
        if not m:
            rest = text[i:].lstrip()
            assert rest.startswith("}"), f"an entry that is no `name: answer` at {text[i : i + 60]!r}"
            return keys, text.index("}", i) + 1
        keys.append(m.group(2) or m.group(3))
        _, end = expression(text, m.end())
        if text[end] == "}":
            return keys, end + 1
        i = end + 1  # past the comma


def declared(texts: dict[str, str]) -> tuple[dict[str, dict[str, list[tuple[str, str]]]], dict[str, str]]:
    """'tap' and 'field' → each name the parts declare → (part, file) of
    each declaration; and the texts with the declarations blanked out (a
    declaration's keys are no rendering)."""
    found: dict[str, dict[str, list[tuple[str, str]]]] = {"tap": {}, "field": {}}
    rest = {}
    for where, text in texts.items():
        blanked = text
        for m in DECLARE.finditer(text):
            kind = "tap" if m.group(1) == "Taps" else "field"
            brace = text.index("{", m.end())
            keys, end = object_keys(text, brace)
            for key in keys:
                found[kind].setdefault(key, []).append((m.group(3), where))
            blanked = blanked[: m.start()] + " " * (end - m.start()) + blanked[end:]
        rest[where] = blanked
    return found, rest


def homes(name: str, names: dict[str, list[tuple[str, str]]]) -> list[tuple[str, str, str]]:
    """The declarations that answer a rendered name: its own, and every
    prefix it begins with. A name ending in "…" is the prefix of names
    made at run time: only a prefix it begins with answers all of them."""
    if name.endswith("…"):
        head = name[:-1]
        return [(d, *where) for d, wheres in names.items() if d.endswith(":") and head.startswith(d) for where in wheres]
    return [(d, *where) for d, wheres in names.items() if d == name or (d.endswith(":") and name.startswith(d)) for where in wheres]


def drawn(name: str, shown: dict[str, set[str]]) -> bool:
    """Whether a declared name is rendered somewhere: the name itself, a
    name it is the prefix of, or names made at run time it may be one of."""
    for s in shown:
        if s.endswith("…"):
            head = s[:-1]
            if name.startswith(head) or head.startswith(name) and name.endswith(":"):
                return True
        elif s == name or (name.endswith(":") and s.startswith(name)):
            return True
    return False


def reading() -> tuple[dict, dict]:
    declarations, rest = declared(sources())
    html = {path.relative_to(PWA).as_posix(): path.read_text() for path in sorted(PWA.rglob("*.html"))}
    return declarations, rendered(rest, html)


def test_every_tap_and_field_drawn_has_one_part_that_answers_it():
    declarations, shown = reading()
    problems = []
    for kind in ("tap", "field"):
        for name, files in sorted(shown[kind].items()):
            found = homes(name, declarations[kind])
            if len(found) != 1:
                answered = "; ".join(f'"{d}" of {part} ({where})' for d, part, where in found) or "nobody"
                problems.append(f'the {kind} "{name}" ({", ".join(sorted(files))}) is answered by {answered}')
    assert not problems, "\n".join(problems)


def test_every_declared_tap_and_field_is_drawn_somewhere():
    declarations, shown = reading()
    dead = [
        f'the {kind} "{name}" of {", ".join(f"{part} ({where})" for part, where in wheres)}'
        for kind in ("tap", "field")
        for name, wheres in sorted(declarations[kind].items())
        if not drawn(name, shown[kind])
    ]
    assert not dead, "declared, never drawn:\n" + "\n".join(dead)


def test_no_two_declarations_claim_one_name():
    declarations, _ = reading()
    claims = []
    for kind, names in declarations.items():
        for name, wheres in names.items():
            if len(wheres) > 1:
                claims.append(f'the {kind} "{name}" by {wheres}')
            for other, others in names.items():
                if other != name and other.endswith(":") and name.startswith(other):
                    claims.append(f'the {kind} "{name}" by {wheres} begins with "{other}" of {others}')
    assert not claims, "\n".join(claims)


def test_the_reading_finds_the_shells_taps_and_fields_where_they_are():
    declarations, shown = reading()
    # Forms that are easy to miss: both sides of a choice, a default
    # argument, a name handed to a helper, a page's own HTML, a button
    # made outside h(), a template literal's prefix, a computed mark.
    taps, fields = shown["tap"], shown["field"]
    assert {"club/around-table.js"} <= taps["result-here"] & taps["send-result"]
    assert "table/sheet.js" in taps["sheet"] and "club/spielliste.js" in taps["fix-entry"]
    assert taps["lang"] == {"index.html"} and "index.html" in taps["settings"]
    assert "boot/boot-guard.js" in taps["reload-app"] and taps["take-over"] == {"app/draw.js"}
    assert taps["phone-retry"] == {"phone/phone-screens.js"}  # a dataset handed over whole
    assert fields["kitty:…"] == {"evening/kitty.js"} and "evening/kitty.js" in fields["kitty:losses_to"]
    assert fields["house-set"] == fields["t-house"] == {"evening/house-rules.js"}  # houseSelect(chosen, field)
    assert fields["reg-colour"] == fields["person-colour:…"] == {"evening/regulars.js"}  # colourSelect
    assert fields["setting:…"] == fields["setting:pace"] == {"pages/settings.js"}
    assert fields["import:ticket"] == {"club/around-table.js"} and fields["import:true"] == {"table/screens.js"}
    assert fields["duel-field:rules"] == fields["duel-file:true"] == {"learn/duel-table.js"}
    # The declarations, quoted keys and bare ones (`continue:` too).
    taps, fields = declarations["tap"], declarations["field"]
    assert taps["duel-today"] == [("the deal sets", "learn/learn.js")]
    assert taps["continue"] == taps["lang"] == [("app", "app/taps.js")]
    assert taps["group-stats"] == [("club", "club/club.js")]
    assert fields["setting:"] == [("settings", "pages/settings.js")] and fields["rules"] == [("app", "app/start-form.js")]
    assert fields["kitty:"] == [("kitty", "evening/kitty.js")]
    assert fields["import:ticket"] == [("tickets", "club/tickets.js")]
    # No count is kept here: a name the reading missed on one side is
    # found unanswered or undrawn by the tests above.


def test_every_declaration_in_the_shell_is_read():
    calls = {
        f"{where}:{text[: m.start()].count(chr(10)) + 1}"
        for where, text in sources().items()
        for m in re.finditer(r"(?<![\w$.])declare(?:Taps|Fields)\(", text)
        if not text[: m.start()].rstrip().endswith("function")
    }
    read = {f"{where}:{text[: m.start()].count(chr(10)) + 1}" for where, text in sources().items() for m in DECLARE.finditer(text)}
    assert calls - read == set(), (
        "declarations this test cannot read: write them as declareTaps('part', { name: answer, … }) "
        "(the part a quoted string; the answers an object literal, or one handed to clubWork): " + ", ".join(sorted(calls - read))
    )


def test_the_reading_of_renderings_and_declarations():
    text = """
const a = h('button', { dataset: { action: 'plain', seat } });
const b = h('button', { dataset: { action: here ? 'one' : 'other' } });
const c = h('input', { dataset: { field: `opt:${name}` } });
const d = h('input', { dataset: { field: 'whole' + x, setting: key } });
// dataset: { action: 'commented' }
/* dataset: { action: 'also-commented' } */
const e = { field: houseSelect(chosen, 'picked') };
function houseSelect(chosen, field) { return h('select', { dataset: { field } }); }
function entry(a, action = 'given') { return h('button', { dataset: { action } }); }
button.dataset.action = 'set';
declareTaps('part', { plain: () => go({ action: 'inside' }), 'other': (t) => { t.x = { y: 1 }; }, continue: noop });
declareFields('part', clubWork({ 'opt:': (t, c) => {}, whole: f }));
"""
    found, rest = declared({"x.js": text})
    assert found == {
        "tap": {"plain": [("part", "x.js")], "other": [("part", "x.js")], "continue": [("part", "x.js")]},
        "field": {"opt:": [("part", "x.js")], "whole": [("part", "x.js")]},
    }
    shown = rendered({"x.js": COMMENT.sub("", rest["x.js"])}, {"p.html": '<button data-action="page">'})
    assert sorted(shown["tap"]) == ["given", "one", "other", "page", "plain", "set"]
    assert sorted(shown["field"]) == ["opt:…", "picked", "setting:…", "whole"]
    assert homes("opt:…", found["field"]) == [("opt:", "part", "x.js")] and homes("nothing", found["tap"]) == []
    assert drawn("opt:", shown["field"]) and not drawn("none", shown["tap"])
