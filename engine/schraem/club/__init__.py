"""The club evening: series of games at a table, Rengen's sets and
tournaments, the Spielliste and its corrections, tickets and results
passed between phones, every file that leaves the phone, and the move
file that carries an evening to another phone."""
