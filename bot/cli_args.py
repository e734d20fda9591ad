"""The argument parser of the command-line tools (``python -m bot play``, ``selfplay``, ``replay``):
a bad argument raises ArgumentError, which the tool prints in one line before exiting 2, instead of
argparse's usage text and exit."""

from __future__ import annotations

import argparse
from typing import NoReturn


class ArgumentError(Exception):
    """A bad command-line argument; the message says which and why."""


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise ArgumentError(message)
