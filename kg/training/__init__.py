"""Optional tooling for `kg train`: corpus conversion, synthetic news sentences and
the training config. Nothing here runs when kg builds, queries or renders."""
