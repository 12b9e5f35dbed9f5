"""Tournaments between bots: fair schedules, parallel play (local processes or a Ray cluster), openskill ratings,
statistics, and reports as JSON, CSV and plots; every finished game is journaled (`journal`) so that an interrupted
tournament resumes where it stopped. Works for every game through the kernel protocol and bot specs only.
"""

from guildtable.arena.tournament import MatchResult, MatchTask, Tournament, play_match, schedule

__all__ = ["MatchResult", "MatchTask", "Tournament", "play_match", "schedule"]
