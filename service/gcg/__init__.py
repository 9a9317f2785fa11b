"""GCG, the interchange format of Quackle, macondo and Woogles (TILES.md "GCG essentials"): a pure format
package. ``model`` (a game's lines), ``reader`` and ``writer``, ``tilesets`` (which tile set a file's
lexicon names), ``verify`` (replay a file on a board and report every line that does not add up), ``quick``
(``planilla gcg verify``'s quick path for a file that adds up, handing any other to ``verify``).
Games to GCG and back are the game context's (``service.game.gcg_record``).

May import: domain
"""
