"""Action masks: 1 at each legal integer action, 0 elsewhere, as the environments hand them to a learner.

Built in a C loop by `guildtable.rl.compiled.masks` where it was compiled (a mask is built at every environment step,
and numpy's conversion of a list of indices costs more than the loop); else, or with `GUILDTABLE_PURE_PYTHON=1`, in
Python with the same result.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

from guildtable.rl.encoders import PURE_PYTHON, compiled_module

FEW_ACTIONS = 48
"""Up to this many legal actions, the Python mask is written item by item (measured cheaper), else by numpy."""

Mask = npt.NDArray[Any]


def python_action_mask(legal: list[int], size: int, dtype: type[np.generic]) -> Mask:
    """A new array of `size` one-byte items (`dtype`: np.int8 or np.bool_), 1 at each action in `legal`."""
    if len(legal) <= FEW_ACTIONS:  # item writes to a new buffer cost less than numpy's index conversion
        ones = bytearray(size)
        for action in legal:
            ones[action] = 1
        return np.frombuffer(ones, dtype)
    mask = np.zeros(size, dtype)
    mask[np.array(legal, np.intp)] = 1
    return mask


def _choose() -> Callable[[list[int], int, type[np.generic]], Mask]:
    compiled = compiled_module("guildtable.rl.compiled.masks")
    if compiled is None or os.environ.get(PURE_PYTHON):
        return python_action_mask
    built: Callable[[list[int], int, type[np.generic]], Mask] = compiled.action_mask
    return built


action_mask = _choose()
"""`python_action_mask`, compiled where it could be."""
