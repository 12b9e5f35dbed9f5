"""The observation encoders compiled (Cython), one module per game: the same tensors as the Python encoders in
`guildtable.rl`, built from nothing at every call in C loops, for an environment step that costs not much more than
an engine step (issue 18).

The Python encoder of each game stays the reference: it lays the tensor out (`Layout`), documents every slice, and
hands its offsets to its compiled twin, which fills them from the same fields of the state. Every twin is a `Twin`
(`tensor.pyx`), which makes each new tensor from a template (zeros, or what a game's map fixes) and calls the game's
`fill`; `tensor.pxd` holds the checked writes they share. `tests/rl` checks that both
give the same tensor, entry for entry, on thousands of positions of every game and player count, and runs the
determinization test on both. Where the modules were not compiled (guildtable installed without a C compiler), or with
`GUILDTABLE_PURE_PYTHON=1` in the environment, the encoders run as Python.
"""
