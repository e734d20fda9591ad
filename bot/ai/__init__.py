"""The computer opponents, one package per game family; each reads only a seat's view of its game.

``chooser_for(game)(view, level, rng)`` returns one of ``view.legal``; levels are
``bot.constants.LEVELS``. Families: bot.ai.gin (two to four seats), bot.ai.knockout,
bot.ai.tablegames (Colonel, Skarney, Rummy); bot.ai.knock holds the deadwood evaluation Gin and
Knockout share; bot.ai.deadline the time guard every level keeps.
"""

from bot.constants import LEVELS

from .deadline import Deadline, DeadlineExceeded, no_deadline
from .gin import choose_action, choose_gin, greedy_action
from .knockout import choose_knockout
from .registry import AnyChooser, Chooser, chooser_for, only_move, register_ai, unregister_ai
from .tablegames import colonel, rummy, skarney
from .tablegames.expert import SEARCHED, Searching

register_ai("gin", choose_gin)
for _game, _choose in (("colonel", colonel.choose), ("skarney", skarney.choose), ("rummy", rummy.choose)):
    register_ai(_game, Searching(_choose) if _game in SEARCHED else _choose)
register_ai("knockout", choose_knockout)

__all__ = [
    "LEVELS",
    "AnyChooser",
    "Chooser",
    "Deadline",
    "DeadlineExceeded",
    "choose_action",
    "choose_gin",
    "chooser_for",
    "greedy_action",
    "no_deadline",
    "only_move",
    "register_ai",
    "unregister_ai",
]
