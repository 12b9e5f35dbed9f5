# cython: language_level=3, boundscheck=False, wraparound=False
"""The action mask in a C loop: see `guildtable.rl.masks`."""

from cpython.buffer cimport PyBUF_WRITABLE, PyBuffer_Release, PyObject_GetBuffer

import numpy


def action_mask(list legal, Py_ssize_t size, dtype):
    """A new array of `size` one-byte items (`dtype`: int8 or bool), 1 at each action in `legal`."""
    out = numpy.zeros(size, dtype)
    cdef Py_buffer buffer
    PyObject_GetBuffer(out, &buffer, PyBUF_WRITABLE)
    cdef char* data = <char*> buffer.buf
    cdef Py_ssize_t action
    try:
        if buffer.itemsize != 1:
            raise ValueError(f"an action mask has one-byte items, not {buffer.itemsize}")
        for item in legal:
            action = item
            if action < 0 or action >= size:
                raise IndexError(f"action {action} outside 0..{size - 1}")
            data[action] = 1
    finally:
        PyBuffer_Release(&buffer)
    return out
