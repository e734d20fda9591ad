"""The terminal game, ``python -m bot play``: one program for every game and table size, through
the game protocol and the game's renderer (its text-only words and its controls).

* ``cli``: the command line (arguments, exit codes);
* ``loop``: the match (whose move, the AI's moves, the table before each of yours, hand ends);
* ``menu``: the moves numbered, at most 20 at a time, melds and lay-offs in submenus;
* ``prompt``: reading a move (numbers, letters, words, ``help``, confirmations);
* ``words``: the renderer's words one sentence a line, in the second person, one line a turn.
"""

from .cli import main
from .loop import HUMAN, Table, play
from .words import grammar

__all__ = ["HUMAN", "Table", "grammar", "main", "play"]
