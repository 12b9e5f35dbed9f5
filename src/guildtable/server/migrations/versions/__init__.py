"""The migrations, oldest first (`NNNN_what_it_does.py`, each naming its `down_revision`)."""
