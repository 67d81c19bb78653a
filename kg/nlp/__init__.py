"""The spaCy side of kg: pipeline assembly, registered components and their data files."""
