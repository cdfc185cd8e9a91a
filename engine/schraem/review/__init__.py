"""Learning from the computer: the game review and the hint (the strong
bot weighing every choice of a decision from the deciding seat's view), and
deal sets, the same deals for everyone who types the same word."""
