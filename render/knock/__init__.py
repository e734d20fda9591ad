"""Words the knock games share (Gin for three and four, Knockout): a turn's events and a seat's status."""
