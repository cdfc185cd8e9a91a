// The rules page's words, for players: the basic game, then per rule set
// what differs, the house-rule options and the calls the app made where the
// sources leave a question open. German first, English second; the engine's
// docs (docs/RULES.md, docs/VARIANTS.md) are the long form.

export const BASIC = {
  de: {
    title: 'Siebenschräm in Kürze',
    paragraphs: [
      'Ein Skatblatt mit 32 Karten, ohne Trumpf. In jeder Farbe ist die 10 am höchsten, dann 9, 8, 7, Ass, König, Dame, Bube.',
      'Jeder hat 7 Schräm (Striche). Es gibt 4 Karten, einzeln, vom linken Nachbarn des Gebers an. Wer vorne sitzt, spielt aus; es muss bedient werden. Der höchste Wert der ausgespielten Farbe sticht. Wer den letzten Stich macht, gewinnt das Spiel – alle anderen verlieren so viele Schräm, wie das Spiel wert ist.',
      'Ein Spiel ist 1 wert. Klopfen erhöht um 1, bis 7 – jederzeit, auch außer der Reihe, nur nicht zweimal hintereinander und nicht über die eigenen Schräm hinaus (mit 2 Schräm darf man auf 3 klopfen). Auf ein Klopfen antwortet jeder der Reihe nach: halten oder passen. Wer passt, ist draußen und verliert sofort den alten Wert.',
      'Blind (ohne die Karten angesehen zu haben) darf man nur bis 4 klopfen. Wer nur noch 1 Schräm hat, sitzt „auf dem Hammer“: das Spiel geht dann sofort auf 2.',
      'Wer keine Schräm mehr hat, ist raus. Wer als Letzter Schräm hat, gewinnt die Spielrunde (seine Schräm + 7 Punkte). Der Gewinner eines Spiels gibt das nächste.',
    ],
  },
  en: {
    title: 'Siebenschräm in short',
    paragraphs: [
      'A 32-card Skat pack, no trumps. In every suit the 10 is highest, then 9, 8, 7, ace, king, queen, jack.',
      'Everyone starts with 7 marks (chalk strokes). Four cards each, one at a time, from the dealer\'s left. Forehand leads; you must follow suit. The highest card of the suit led takes the trick. Whoever takes the last trick wins the hand – everybody else loses as many marks as the hand is worth.',
      'A hand is worth 1. A knock raises it by 1, up to 7 – at any moment, also out of turn, but never twice in a row and never above your own marks (with 2 marks you may knock to 3). Everyone answers a knock in turn: hold or pass. A passer is out of the hand and loses the old value at once.',
      'Blind (before looking at your cards) you may knock only up to 4. A player down to 1 mark is "on the hammer": the hand goes to 2 at once.',
      'With no marks left you are out. The last player with marks wins the game (their marks + 7 points). The winner of a hand deals the next.',
    ],
  },
};

// Per preset: what differs from the Rhineland Championship, the house-rule
// options the app offers, and the app's calls where a source is unclear.
export const PRESETS = {
  rheinland: {
    de: { differs: ['Die Rheinische Meisterschaft: so wie oben beschrieben. Turnier: 5 Serien zu 5 Spielrunden, Platz 4 gibt das erste Spiel.'],
      decisions: ['Ein Passer verliert sofort; seine schon gespielte Karte bleibt liegen, kann aber nicht stechen.', 'Während auf ein Klopfen geantwortet wird, klopft und spielt niemand.'] },
    en: { differs: ['The Rhineland Championship: as described above. Tournament: 5 series of 5 games, seat 4 deals first.'],
      decisions: ['A passer loses at once; a card already played stays but cannot take the trick.', 'While a knock is being answered nobody knocks or plays.'] },
  },
  rengen: {
    de: { differs: ['Passen geht jederzeit, auch ohne Klopfen (man verliert den aktuellen Wert).', 'Blind nur bis 3; „mit 2 auf 3“ nur blind.', 'Turnier mit 4 Serien; Sätze aus zwei Spielrunden, die beiden Verlierer spielen das Hängeln (8 Karten).'],
      decisions: ['Der Verlierer einer Spielrunde ist, wer zuerst raus ist.'] },
    en: { differs: ['You may pass at any time, also without a knock (losing the current value).', 'Blind only up to 3; "with 2 to 3" only blind.', 'Tournaments of 4 series; sets of two games, the two losers play the deciding Hängeln (8 cards).'],
      decisions: ['A game\'s loser is its first player out.'] },
  },
  wipperfuerth: {
    de: { differs: ['Klopfen bis eins über die eigenen Punkte.', 'Der Hammer wird angesagt.', 'Vier Bilder: verdeckt ablegen und vier neue Karten ziehen; die Gegner dürfen die Ablage umdrehen – eine Zahl kostet den Tauscher einen Punkt, ist auch die vierte ein Bild, zahlt der Umdrehende.', '„Hübschen“: sitzen alle auf dem Hammer, darf einer neu geben lassen, wenn alle zustimmen.'],
      decisions: ['Getauscht werden darf jedes Blatt (es ist verdeckt – ein Bluff fliegt beim Umdrehen auf).', 'Die Strafpunkte kommen zum Ergebnis des Spiels dazu.'] },
    en: { differs: ['Knock up to one more than your points.', 'The hammer is announced.', 'Four courts: lay them down face down and draw four new cards; opponents may turn the discards up – a numeral costs the exchanger a point, and if the fourth is a court too, the turner pays.', '"Pretty ones": when everyone left is on the hammer, one may ask for a fresh deal, if all agree.'],
      decisions: ['Any hand may be exchanged (it is face down – a bluff shows when turned up).', 'The penalty points come on top of the hand\'s result.'] },
  },
  marienheide: {
    de: { differs: ['2 bis 5 Spieler mit 5 Punkten; klopfen bis eins über die eigenen Punkte.', 'Passt der, der ausspielen müsste, spielt aus, wer die höchste Karte im letzten Stich hatte (♣ vor ♠ vor ♥ vor ♦).', 'Der Verlierer einer Spielrunde gibt die nächste.'],
      decisions: ['„Höchste Karte“: erst die Farbe, dann der Rang in der Farbe; nur Karten von Spielern, die noch drin sind.'] },
    en: { differs: ['2 to 5 players on 5 points; knock up to one more than your points.', 'If the player due to lead passes, whoever had the highest card in the last trick leads (♣ over ♠ over ♥ over ♦).', 'The loser of a game deals the next.'],
      decisions: ['"Highest card": suit first, then rank within the suit; only cards of players still in the hand.'] },
  },
  siwwe_stroeoem: {
    de: { differs: ['Punkte werden hochgezählt, bei 7 ist man raus.', 'Wer 6 hat, ist der Hammer: jedes Spiel geht um 2; wer nicht will, legt vor dem Ansehen hin und nimmt 1 Punkt.', 'Vier Bilder dürfen verdeckt getauscht werden; wer anzweifelt und sich irrt, ist mit 2 Punkten draußen – sonst der Tauscher.'],
      decisions: ['Hinlegen ist ein Passen auf das Hammer-Klopfen.', 'Getauscht werden darf jedes Blatt (dafür gibt es das Anzweifeln).'] },
    en: { differs: ['Points are counted up; 7 is out.', 'A player on 6 is the hammer: every hand is for 2; an opponent who does not want to play lays down before looking and takes 1 point.', 'Four courts may be exchanged face down; a wrong challenge puts the challenger out with 2 points – a right one the exchanger.'],
      decisions: ['Laying down is a pass in answer to the hammer\'s knock.', 'Any hand may be exchanged (that is what challenging is for).'] },
  },
  sebbe_schroehm: {
    de: { differs: ['Die Schräm als römische XII. Nur wer ausspielt, darf erhöhen, nur auf 2 und 3; wer die 2 gehalten hat, darf auf 3.', 'Wer aussteigt, verliert 1. Gewinnt ein Halter, verliert der Erhöher nur 1.', 'Sitzt einer auf dem Hammer, geht jedes weitere Spiel um 2. Vier Bilder dürfen offen getauscht werden.', 'Knolle: wer keine Schräm mehr hat, bleibt dabei und sammelt Knollen; das letzte Spiel entscheidet, der Gewinner bekommt alle Knollen.'],
      decisions: ['Andere Halter, die gegen einen Halter verlieren, verlieren den vollen Wert (die Regel nennt nur den Erhöher).', 'Die Hausregel „Gewinnt ein Halter, verliert der Erhöher nur“ auf 0 gibt die einfache Regel.'] },
    en: { differs: ['Marks chalked as a Roman XII. Only the player on lead may raise, only to 2 and 3; whoever held the 2 may raise to 3.', 'A folder loses 1. If a holder wins, the raiser loses only 1.', 'Once anyone is on the hammer, every later hand is for 2. Four courts may be exchanged openly.', 'Knolle: a player out of marks stays in and collects Knollen; the final hand decides, its winner collects all Knollen.'],
      decisions: ['Other holders beaten by a holder lose the full value (the rule names the raiser only).', 'The house rule "If a holder wins, the raiser loses only" at 0 gives the plain rule.'] },
  },
  siwwe_schroehm: {
    de: { differs: ['Vier Spieler; Punkte werden hochgezählt; wer zuerst 7 hat, hat verloren – es gibt nur einen Verlierer.', 'Kein Blindklopfen und keine Grenze durch die eigenen Punkte. Wer 6 hat, ist der Hammer.'],
      decisions: ['Erreichen mehrere 7 im selben Spiel, verliert, wer am weitesten darüber ist.', 'Der Verlierer gibt die nächste Spielrunde.'] },
    en: { differs: ['Four players; points counted up; the first to 7 has lost – there is only a loser.', 'No blind knocks and no limit by your points. A player on 6 is the hammer.'],
      decisions: ['Several reaching 7 in the same hand: the one furthest past 7 loses.', 'The loser deals the next game.'] },
  },
  siwwe_schroehm_newcomer: {
    de: { differs: ['Für Neulinge: 2 bis 5 Spieler, 8 Karten (6 zu fünft), kein Klopfen, keine Punkte.', 'Wer den letzten Stich macht, steigt aus und gibt; die letzten zwei spielen, wer die Hälfte verliert. Zwei Hälften; die beiden Verlierer spielen mit 8 Karten aus, wer beide verliert, hat gleich verloren.'],
      decisions: ['Die Kartenzahl richtet sich nach den Spielern im jeweiligen Spiel.'] },
    en: { differs: ['For newcomers: 2 to 5 players, 8 cards (6 with five), no knocking, no points.', 'Whoever takes the last trick drops out and deals; the last two play for who loses the half. Two halves; the two half losers play off with 8 cards, a player losing both halves has lost outright.'],
      decisions: ['The number of cards follows the players in that hand.'] },
  },
  tuppen: {
    de: { differs: ['Wie die Rheinische Meisterschaft, aber gesucht wird der Verlierer.', 'Stehen zwei oder mehr auf einem Schräm, spielen sie „kurze Lange“ (4 Karten, der Gewinner ist sicher); die letzten zwei spielen die „Lange“ mit 8 Karten (3–2–3 gegeben).'],
      decisions: ['Wer allein auf einmal rausfliegt, hat sofort verloren.', 'In der Endrunde wird nicht geklopft, und sie kostet keine Schräm.'] },
    en: { differs: ['As the Rhineland Championship, but the game looks for a loser.', 'When two or more are one mark from out, they play "short long ones" (4 cards, the winner is safe); the last two play the "long one" with 8 cards (dealt 3–2–3).'],
      decisions: ['A player going out alone at once has lost outright.', 'The endgame has no knocking and costs no marks.'] },
  },
};

export const OPTIONS = {
  de: ['Schräm zu Beginn, Startwert und Höchstwert', 'Karten pro Spiel und Drücken', 'bis wohin blind geklopft werden darf', 'Grenze des Klopfens durch die eigenen Schräm', 'Hammer ja oder nein', 'Gewinnbonus der Spielrunde', 'Spielrunden pro Serie, Serien pro Turnier'],
  en: ['starting marks, start and top value', 'cards per hand and discarding', 'how far a blind knock may go', 'the limit on knocking by your own marks', 'the hammer on or off', 'the win bonus of a game', 'games per series, series per tournament'],
};
