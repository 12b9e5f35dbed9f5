# cython: language_level=3
"""The base of every compiled encoder (see `tensor.pxd` and `kernel/observation.py`)."""

from cpython.buffer cimport PyBuffer_Release
from libc.string cimport memcpy

import numpy

cdef int MOST_PLAYERS = 8  # the per-seat C arrays of the encoders hold 8


cdef class Twin:
    """The compiled twin of a Python encoder (`encoder`, whose `layout` it fills): `encode` makes a new tensor,
    starting from `template(state)`, and lets the game's `fill` set the rest."""

    def __init__(self, encoder):
        self.n = encoder.layout.players
        if not 1 <= self.n <= MOST_PLAYERS:
            raise ValueError(f"1 to {MOST_PLAYERS} players, not {self.n}")
        self.size = encoder.size
        self.zeros = numpy.zeros(self.size, numpy.float32)
        self.empty, self.float32 = numpy.empty, numpy.dtype(numpy.float32)

    def encode(self, state, int seat):
        """A new float32 array: what `seat` knows of `state`."""
        if seat < 0 or seat >= self.n:
            raise IndexError(f"seat {seat} outside 0..{self.n - 1}")
        template = self.template(state)
        out = self.empty(self.size, self.float32)
        cdef Py_buffer buffer, start
        cdef Tensor tensor = open_tensor(out, &buffer)
        cdef Tensor first = open_tensor(template, &start)
        try:
            if first.size != tensor.size:
                raise ValueError(f"a template of {first.size} floats for a tensor of {tensor.size}")
            memcpy(tensor.data, first.data, tensor.size * sizeof(float))  # cheaper than numpy's zeros or copy
            self.fill(&tensor, state, seat)
        finally:
            PyBuffer_Release(&start)
            PyBuffer_Release(&buffer)
        return out

    cdef object template(self, state):
        """What every tensor of `state` starts from: zeros, unless the game fixes some entries for a whole game."""
        return self.zeros

    cdef int fill(self, Tensor* tensor, state, int seat) except -1:
        """Set what `seat` knows of `state` (the game's twin says how)."""
        raise NotImplementedError
