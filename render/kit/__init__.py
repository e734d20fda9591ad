"""The drawing kit every game's pictures share: the look (style, palette), fonts and text stamps,
card tiles, the canvas (draw), rows of cards (groups), the board layout (board) and card words."""
