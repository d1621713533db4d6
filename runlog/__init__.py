"""The run log of a freeze: the hash chain, its entries and rules, judge files, results."""
