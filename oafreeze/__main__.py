"""Allow `python -m oafreeze`."""

from oafreeze.cli import main

main()
