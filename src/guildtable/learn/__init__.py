"""Learned evaluations (issue 35): a small network per game and player count that judges a position from one seat's
observation tensor (a value) and ranks that seat's moves (a prior), trained by self-play (`guildtable train`).

The network itself and what a search asks of it are the bots' (`bots/network.py`, `bots/learned.py`: NumPy only,
for playing); this package makes networks:

- `selfplay.py`: games played by a search, recorded as training samples.
- `trainer.py`: fitting a network to samples, in PyTorch (the `train` extra).
- `pipeline.py`: generations of self-play, training and a gate, with checkpoints and a report.
"""
