"""Files, folders and standard input -> Article objects (text, metadata, publication date).

discover  the article files below the paths given, walked lazily
readers   one reader per format (text, Markdown, HTML, JSON Lines), by suffix
metadata  metadata.csv and dates stated in the text
articles  reader output + metadata -> Article, with the limits checked
"""

from kg.ingest.articles import DEFAULT_MAX_CHARS, iter_articles, read_article, read_file
from kg.ingest.metadata import date_from_text, read_metadata
from kg.ingest.readers import ReadOptions

__all__ = ["DEFAULT_MAX_CHARS", "ReadOptions", "date_from_text", "iter_articles", "read_article", "read_file",
           "read_metadata"]
