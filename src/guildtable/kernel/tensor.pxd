# cython: language_level=3
"""What the compiled encoders share: the class `Twin` (`tensor.pyx`), which makes each new tensor and hands it to the
game's `fill`; a tensor's float32 buffer with checked writes; `copies` and `at_least`."""

from cpython.buffer cimport PyBUF_WRITABLE, PyBuffer_Release, PyObject_GetBuffer


cdef struct Tensor:
    float* data
    Py_ssize_t size  # floats


cdef inline Tensor open_tensor(object array, Py_buffer* buffer) except *:
    """The float32 buffer of `array` (C-contiguous, writable); release `buffer` with `PyBuffer_Release` when done."""
    PyObject_GetBuffer(array, buffer, PyBUF_WRITABLE)
    cdef Tensor tensor
    tensor.data = <float*> buffer.buf
    tensor.size = buffer.len // sizeof(float)
    return tensor


cdef inline int one(Tensor* tensor, Py_ssize_t at) except -1:
    """Set entry `at` to 1 (an index outside the tensor is a bug of the encoder: an error, never a stray write)."""
    if at < 0 or at >= tensor.size:
        raise IndexError(f"tensor index {at} outside 0..{tensor.size - 1}")
    tensor.data[at] = 1.0
    return 0


cdef inline int put(Tensor* tensor, Py_ssize_t at, double value) except -1:
    """Set entry `at` to `value` (as float32, as numpy rounds a Python float)."""
    if at < 0 or at >= tensor.size:
        raise IndexError(f"tensor index {at} outside 0..{tensor.size - 1}")
    tensor.data[at] = <float> value
    return 0


cdef inline double capped(double value) noexcept:
    """`value` within [0, 1]."""
    return 0.0 if value < 0.0 else (1.0 if value > 1.0 else value)


cdef inline int copies(Tensor* tensor, list items, Py_ssize_t base, int kinds, int rows) except -1:
    """As `encoders.copies`: row k of kind t (laid out as `rows` rows of `kinds`) is set when `items` holds more than
    k copies of t."""
    cdef int counts[64]
    cdef int kind, row
    if kinds > 64:
        raise ValueError("copies() counts at most 64 kinds")
    for kind in range(kinds):
        counts[kind] = 0
    for item in items:
        kind = item
        if kind < 0 or kind >= kinds:
            raise IndexError(f"kind {kind} outside 0..{kinds - 1}")
        counts[kind] += 1
    for kind in range(kinds):
        for row in range(min(counts[kind], rows)):
            one(tensor, base + row * kinds + kind)
    return 0


cdef inline int at_least(list items, Py_ssize_t size, str name) except -1:
    """A list of the state that is read at indices below `size` without bounds checks: check its length once."""
    if len(items) < size:
        raise IndexError(f"state.{name} holds {len(items)} entries, fewer than {size}")
    return 0


cdef class Twin:
    cdef readonly int n  # players
    cdef Py_ssize_t size
    cdef object zeros, empty, float32

    cdef object template(self, state)
    cdef int fill(self, Tensor* tensor, state, int seat) except -1
