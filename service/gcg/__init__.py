"""GCG, the interchange format of Quackle, macondo and Woogles (TILES.md "GCG essentials"): a pure format
package. ``kinds`` (an event line's kinds), ``lines`` (one line into fields, a file's bytes into text),
``model`` (a game's lines as records), ``reader`` and ``writer``, ``tilesets`` (which tile set a file's
lexicon names, and its going-out factor), ``tokens`` (racks and words read quickly), ``verify`` (replay a
file on a board and report every line that does not add up), ``report`` (what ``verify`` says of a file),
``quick`` (``planilla gcg verify``'s quick path for a file that adds up, handing any other to ``verify``).
The quick path imports neither ``model`` nor ``verify`` nor ``dataclasses``: ``verify`` is timed with its
start-up (bench/README.md).
Games to GCG and back are the game context's (``service.game.gcg_record``).

May import: domain
"""
