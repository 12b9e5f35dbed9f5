"""The action mask compiled (Cython, `masks.pyx`): built at every environment step, in a C loop (see `rl/masks.py`).

The observation encoders' compiled twins are each game's own (`games/<game>/observer_twin.pyx`, on the base class in
`kernel/tensor.pxd`); see `kernel/observation.py`. Where they were not compiled (guildtable installed without a C
compiler), or with `GUILDTABLE_PURE_PYTHON=1` in the environment, they run as Python.
"""
