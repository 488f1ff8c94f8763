"""Realistic nonogram answers for measuring the verifier: the puzzle redrawn as a person or an image model
returns it (fill styles, marks for empty cells, clue fonts, photographed-page effects), with or without a
planted error.

Disjoint style sets: ``TUNE`` (used while building and tuning the cell and clue readers), ``HELDOUT``,
``HELDOUT2``, ``HELDOUT3``, ``HELDOUT4``, ``HELDOUT5``, ``HELDOUT6``, ``HELDOUT7``, ``HELDOUT8``, ``HELDOUT9``,
``HELDOUT10``, ``HELDOUT11``, ``HELDOUT12``, ``HELDOUT13`` and ``HELDOUT14`` (each written before the changes it was
first measured on; see docs/nonogram.md for which failures were looked at afterwards). Every style is a recipe of
independent choices; :func:`make_answer` draws one. Used by ``tests/test_nonogram.py`` and
``benchmarks/bench_nonogram.py``.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from genpuzzle import page_perturb, perturb
from genpuzzle.renderers.common import cell_box

def _font_dir() -> Path:
    import matplotlib

    return Path(matplotlib.__file__).parent / "mpl-data" / "fonts" / "ttf"


SYSTEM_FONT_DIRS = (Path("/usr/share/fonts"), Path("/usr/share/texmf/fonts"))


@cache  # one search per face and process: the families look a face up for every page they draw
def font_path(name: str) -> Path:
    """A clue font: matplotlib's bundled fonts first, then the system's (HELDOUT4 uses Debian's
    fonts-liberation, fonts-freefont-ttf, fonts-go, fonts-roboto-fontface and fonts-urw-base35; HELDOUT5
    also fonts-sil-charis, fonts-klee, fonts-sjfonts, fonts-comfortaa, fonts-jetbrains-mono, fonts-linuxlibertine;
    HELDOUT6 also fonts-navilu, fonts-kiloji and fonts-roboto; HELDOUT7 fonts-fantasque-sans,
    fonts-averia-serif-gwf, fonts-oldstandard, fonts-quicksand, fonts-crosextra-carlito, fonts-sil-andika and
    fonts-courier-prime; HELDOUT8 fonts-b612, fonts-gfs-didot, fonts-bebas-neue, fonts-inconsolata, fonts-bajaderka,
    fonts-monoid and fonts-adf-gillius; HELDOUT9 fonts-lato, fonts-gfs-bodoni-classic, fonts-dosis, fonts-mononoki,
    fonts-fanwood, fonts-smc-chilanka and fonts-jura; HELDOUT10 fonts-inter, fonts-manrope, fonts-gnutypewriter,
    fonts-osifont, fonts-eurofurence, fonts-cardo and fonts-routed-gothic; HELDOUT11 fonts-clear-sans, fonts-paratype,
    fonts-sora, fonts-century-catalogue, fonts-roboto-slab, fonts-opendin and fonts-tiresias; HELDOUT12
    fonts-crosextra-caladea, fonts-gfs-neohellenic, fonts-adf-baskervald, fonts-agave, fonts-play,
    fonts-adf-universalis and fonts-tuffy; HELDOUT13 fonts-hermit, fonts-adf-accanthis, fonts-adf-switzera,
    fonts-beteckna, fonts-anonymous-pro, fonts-essays1743 and fonts-oxygen; HELDOUT14 fonts-dustin, fonts-linex,
    fonts-quattrocento, fonts-adf-tribun, fonts-roadgeek, fonts-ocr-b and fonts-league-mono)."""
    bundled = _font_dir() / name
    if bundled.exists():
        return bundled
    for root in SYSTEM_FONT_DIRS:
        found = sorted(root.rglob(name)) if root.exists() else []
        if found:
            return found[0]
    raise FileNotFoundError(f"clue font {name} not found (matplotlib or {', '.join(map(str, SYSTEM_FONT_DIRS))})")


@dataclass(frozen=True)
class Style:
    """One way of answering: how filled cells and empty cells are drawn, the clue font (None keeps the
    input's clues), and page effects applied afterwards."""

    name: str
    fill: str  # solid, grey, light, outline, hatch, crosshatch, pencil, partial, scribble, disc; (HELDOUT6) marker,
    # vhatch, stipple, inset, bleed, spiral; (HELDOUT7) shifted, rounded, gradient, charcoal, wobbly; (HELDOUT8)
    # glyph_block, checker, watercolour, crayon, brush; (HELDOUT9) highlighter, bevel, stamp, concentric, blot,
    # zigzag; (HELDOUT10) soft_shadow, feathered, tilted_square, mosaic, glossy, smear; (HELDOUT11) sticker, halftone,
    # mottled, two_tone, palette, loops, radial; (HELDOUT12) scanline, misregistered, octagon, airbrush, woven,
    # perforated, inner_shadow; (HELDOUT13) felt_overlap, voxel, neon, brick_stud, cross_stitch, ticked_tile, ballpoint;
    # (HELDOUT14) knit, satin_stitch, glitter, marble, wood_block, framed_hatch, tape_strip, linocut
    fill_colour: tuple[int, int, int]
    empty: str  # none, x, heavy_x, dot, slash, mixed; (HELDOUT6) dash, small_x, pencil_x; (HELDOUT7) backslash,
    # tiny_dot, thin_x_grey; (HELDOUT8) ring, plus, typed_x; (HELDOUT9) red_x, typed_times, curved_x, typed_bullet;
    # (HELDOUT10) blue_x, typed_ballot_x, grey_disc, typed_endash; (HELDOUT11) tint_x, tint_dot, typed_bold_X,
    # big_dot, skew_x; (HELDOUT12) full_x, asterisk, hollow_square, null_sign, square_dot; (HELDOUT13) cursive_x,
    # typed_saltire, green_x, pencil_dot, typed_middle_dot, tail_dot, off_dot; (HELDOUT14) dotted_x, nib_x, corner_x,
    # sketch_x, typed_heavy_times, stamp_x, ink_dab
    clue_font: str | None
    effects: tuple[str, ...]  # shadow_linear, shadow_edge, shadow_corner, vignette, texture, jpeg, rescale, tint,
    # blur; page layout changes applied last: tilt, caption, letterbox, square1024 (later families: see _effects,
    # _layout_effects and LAYOUT_EFFECTS)
    clue_colour: tuple[int, int, int] = (0, 0, 0)  # pen of redrawn clues (a pencil grey, a blue pen)
    clue_scale: tuple[float, float] = (0.9, 1.1)  # redrawn clue size, a factor of the input's
    clue_stroke: int = 0  # extra stroke width (px) of redrawn clues: a heavier pen
    clue_gap: tuple[float, float] = (0.45, 0.7)  # gap between a row's numbers, a factor of the clue size
    grid: str = "redrawn"  # how the grid is redrawn: redrawn (thin and thick lines); (HELDOUT7) uniform, hairline;
    # (HELDOUT8) dashed, blue; (HELDOUT9) dotted, flat; (HELDOUT10) uneven, jittered, rounded, sketchy; (HELDOUT11)
    # haloed, double_frame, red_major, shadow_lines; (HELDOUT12) double_major, cmyk_lines, wide_border, brown_ink,
    # green_eng, overshoot; (HELDOUT13) violet_ink, heavy_minor, dash_dot, pencil_grid; (HELDOUT14) block_shading,
    # banded_rows, tiles, soft_grid, ruler_marker
    # How the planted errors are drawn (HELDOUT11 to HELDOUT13 vary them): extra_light cells (light, light_pencil,
    # light_tone; light_crosshatch, light_spray; light_felt, light_voxel), the extra_outline cell (outline,
    # outline_rounded; outline_octagon, outline_hand; outline_bars, outline_shadowed), the cells crossed instead of
    # filled (heavy_x, typed_bold_X_heavy, heavy_x_round; heavy_x_brush, heavy_x_double, heavy_x_corner; heavy_x_neon,
    # heavy_x_cursive, heavy_x_outline, heavy_x_stitch)
    light_mark: str = "light"
    outline_mark: str = "outline"
    cross_mark: str = "heavy_x"


TUNE = (
    Style("t_black_x", "solid", (20, 20, 20), "x", None, ("jpeg",)),
    Style("t_grey_dots", "grey", (120, 120, 120), "dot", None, ("texture", "jpeg")),
    Style("t_light_shadow", "light", (212, 212, 212), "none", None, ("shadow_linear",)),
    Style("t_outline_heavyx", "outline", (15, 15, 15), "heavy_x", None, ("jpeg",)),
    Style("t_hatch_serif", "hatch", (25, 25, 25), "none", "DejaVuSerif-Bold.ttf", ("jpeg",)),
    Style("t_pencil_shadow", "pencil", (80, 80, 90), "x", None, ("shadow_linear", "texture", "jpeg")),
    Style("t_partial_mono", "partial", (30, 30, 30), "dot", "DejaVuSansMono-Bold.ttf", ("tint", "jpeg")),
    Style("t_blue_mixed", "solid", (40, 70, 200), "mixed", "DejaVuSans.ttf", ("rescale", "jpeg")),
)

HELDOUT = (
    Style("h_red_heavyx", "solid", (200, 40, 40), "heavy_x", None, ("shadow_edge", "jpeg")),
    Style("h_crosshatch_stix", "crosshatch", (30, 30, 40), "none", "STIXGeneralBol.ttf", ("texture", "jpeg")),
    Style("h_grey200_vignette", "light", (200, 200, 200), "dot", None, ("vignette", "jpeg")),
    Style("h_outline_thin_slash", "outline", (40, 40, 40), "slash", None, ("tint", "blur", "jpeg")),
    Style("h_scribble_cmss", "scribble", (35, 35, 35), "x", "cmss10.ttf", ("shadow_linear", "jpeg")),
    Style("h_disc_green", "disc", (30, 130, 60), "none", None, ("rescale", "jpeg")),
    Style("h_pencil_light", "pencil", (110, 110, 120), "mixed", "DejaVuSerif.ttf", ("texture", "shadow_edge", "jpeg")),
    Style("h_black_x_cmr", "solid", (10, 10, 10), "heavy_x", "cmr10.ttf", ("vignette", "rescale", "jpeg")),
)

# A second held-out set, written after the first held-out measurement (whose failures were then looked at),
# before any further change, so that the reader is measured again on styles it was never tuned on.
HELDOUT2 = (
    Style("g_navy_dots_edge", "solid", (30, 40, 120), "dot", None, ("shadow_edge", "texture", "jpeg")),
    Style("g_hatch_heavyx_mono", "hatch", (40, 40, 40), "heavy_x", "DejaVuSansMono.ttf", ("vignette", "jpeg")),
    Style("g_light205_x", "light", (205, 205, 205), "x", None, ("shadow_linear", "tint", "jpeg")),
    Style("g_outline_dots_serif", "outline", (25, 25, 25), "dot", "DejaVuSerif-Bold.ttf", ("texture", "jpeg")),
    Style("g_disc_black_slash", "disc", (20, 20, 20), "slash", None, ("shadow_edge", "blur", "jpeg")),
    Style("g_partial_mixed_stix", "partial", (50, 50, 60), "mixed", "STIXGeneral.ttf", ("rescale", "jpeg")),
    Style("g_crosshatch_blue_x", "crosshatch", (30, 60, 170), "x", None, ("vignette", "texture", "jpeg")),
    Style("g_pencil_heavyx_cmtt", "pencil", (90, 90, 100), "heavy_x", "cmtt10.ttf", ("shadow_linear", "jpeg")),
)

# A third held-out set, written in the third session before the clue-strip reading was changed and measured
# blind on the changed code first: clue fonts, pens and page layouts that no earlier set uses.
HELDOUT3 = (
    Style("f_cmb_tilt", "solid", (15, 15, 15), "x", "cmb10.ttf", ("jpeg", "tilt")),
    Style("f_cmti_caption", "grey", (110, 110, 110), "dot", "cmti10.ttf", ("texture", "jpeg", "caption")),
    Style("f_stixbolita_letterbox", "hatch", (30, 30, 30), "none", "STIXGeneralBolIta.ttf", ("jpeg", "letterbox")),
    Style("f_pencil_clues_corner", "pencil", (95, 95, 105), "x", "DejaVuSans.ttf", ("texture", "shadow_corner", "jpeg"),
          clue_colour=(125, 125, 135)),
    Style("f_oblique_square", "solid", (35, 60, 180), "mixed", "DejaVuSans-Oblique.ttf", ("jpeg", "square1024")),
    Style("f_serifbolita_heavy", "outline", (20, 20, 20), "slash", "DejaVuSerif-BoldItalic.ttf",
          ("shadow_corner", "jpeg"), clue_stroke=1),
    Style("f_monoobl_small_tilt", "disc", (25, 25, 25), "dot", "DejaVuSansMono-Oblique.ttf", ("vignette", "jpeg", "tilt"),
          clue_scale=(0.75, 0.85)),
    Style("f_stixita_bluepen_big", "crosshatch", (40, 40, 40), "heavy_x", "STIXGeneralItalic.ttf",
          ("jpeg", "caption", "letterbox"), clue_colour=(30, 45, 160), clue_scale=(1.15, 1.3)),
)

# A fourth held-out set, written in the fourth session before any change to the clue reader or to
# registration was measured on it (run blind first): clue fonts no earlier set uses (bold oblique sans
# and mono, serif italic, Times-, Helvetica-, Palatino-like and condensed system fonts, Go), other clue
# spacing and pens, and page layouts no earlier set uses (a dark border, a caption below, a portrait
# pillarbox, a keystone, the page on a dark surface, rotated on a dark surface, a non-uniform squash).
HELDOUT4 = (
    Style("k_sansbolobl_border", "solid", (60, 60, 60), "x", "DejaVuSans-BoldOblique.ttf", ("jpeg", "dark_border")),
    Style("k_serifita_bottomcap", "scribble", (30, 30, 30), "dot", "DejaVuSerif-Italic.ttf",
          ("texture", "jpeg", "caption_bottom"), clue_scale=(1.05, 1.2)),
    Style("k_monobolobl_pillar", "partial", (45, 45, 45), "x", "DejaVuSansMono-BoldOblique.ttf", ("jpeg", "pillarbox"),
          clue_gap=(0.7, 0.9)),
    Style("k_times_small_keystone", "grey", (100, 100, 100), "slash", "LiberationSerif-Regular.ttf",
          ("jpeg", "keystone"), clue_scale=(0.8, 0.9)),
    Style("k_freesansbold_surface", "hatch", (20, 20, 60), "heavy_x", "FreeSansBold.ttf",
          ("shadow_linear", "jpeg", "dark_surface"), clue_colour=(25, 30, 80)),
    Style("k_go_rotdark", "solid", (20, 20, 20), "dot", "Go-Regular.ttf", ("jpeg", "rotate_dark"),
          clue_gap=(0.3, 0.4)),
    Style("k_condensed_squash", "crosshatch", (30, 30, 30), "mixed", "Roboto-Condensed-Regular.ttf",
          ("vignette", "jpeg", "squash_portrait")),
    Style("k_palatino_redpen", "disc", (30, 30, 30), "x", "P052-Roman.otf", ("tint", "jpeg", "caption_bottom"),
          clue_colour=(170, 30, 30), clue_scale=(1.0, 1.15)),
)

# A fifth held-out set, written in the fifth session before any change was measured on it (run blind
# first): clue fonts no earlier set uses (Charis SIL italic, URW Bookman light italic, Linux Libertine italic,
# JetBrains Mono light italic, Nimbus Sans Narrow bold, rounded Comfortaa, and two handwriting-style fonts
# that issue 12 does not reserve, Klee One and Delphine), clues in green, purple and brown pens, and page
# layouts no earlier set uses (wide white margins, a 4:3 letterbox with a tilt, a shadow with a caption, a
# low-resolution page scaled back up, a tight crop, a photographed page: rescale + rotation + tint + caption
# below, with a corner shadow).
HELDOUT5 = (
    Style("v_charisita_margins", "solid", (25, 25, 25), "x", "CharisSIL-Italic.ttf", ("jpeg", "margins_wide"),
          clue_scale=(0.85, 1.0)),
    Style("v_klee_green_lbtilt", "grey", (90, 90, 90), "dot", "KleeOne-Regular.ttf", ("jpeg", "letterbox43_tilt"),
          clue_colour=(20, 110, 40)),
    Style("v_bookman_shadowcap", "outline", (30, 30, 30), "heavy_x", "URWBookman-LightItalic.otf",
          ("shadow_linear", "jpeg", "caption_shadowed")),
    Style("v_narrow_purple_lowres", "solid", (90, 30, 120), "slash", "NimbusSansNarrow-Bold.otf", ("jpeg", "lowres"),
          clue_colour=(90, 30, 120)),
    Style("v_comfortaa_crop", "hatch", (35, 35, 35), "mixed", "Comfortaa-Regular.ttf", ("texture", "jpeg", "crop_tight"),
          clue_gap=(0.35, 0.5)),
    Style("v_delphine_brown_photo", "pencil", (70, 60, 50), "x", "Delphine.ttf", ("shadow_corner", "jpeg", "photo"),
          clue_colour=(95, 60, 30), clue_scale=(1.0, 1.15)),
    Style("v_libertineita_small", "disc", (20, 20, 20), "heavy_x", "LinLibertine_RI.otf", ("vignette", "jpeg"),
          clue_scale=(0.75, 0.85)),
    Style("v_jbmonolightita_margins", "crosshatch", (30, 30, 30), "dot", "JetBrainsMono-LightItalic.ttf",
          ("shadow_corner", "jpeg", "margins_wide")),
)

# A sixth held-out set, written in the sixth session before any change was measured on it (run blind
# first): clue fonts the digit model was never trained on and no earlier set uses (the held-out hands
# SteveHand and Klee One SemiBold, Go Mono Italic, Charis SIL Bold, the calibration-only hands Navilu and
# kiloji, Roboto Thin, which the training lists leave out), fill styles no earlier set uses (broad marker
# strokes, vertical hatching, stippling, a centred inset square, a fill bleeding over the cell's lines, a
# spiral scribble), marks for empty cells no earlier set uses (a dash, a small X, a light pencil X), and page
# changes no earlier set uses (a flatbed scan with show-through and the lid's edge, the puzzle drawn smaller
# on a same-size white canvas, an app screenshot with a toolbar and a side panel, a washed-out low-contrast
# photo, a faint diagonal watermark, the page on a grey desk with a drop shadow, phone sharpening halos
# with sensor noise, a little motion blur and heavy JPEG).
HELDOUT6 = (
    Style("y_stevehand_marker_scan", "marker", (25, 35, 110), "dash", "SteveHand.ttf", ("scan",),
          clue_colour=(20, 30, 100)),
    Style("y_gomonoita_vhatch_canvas", "vhatch", (30, 30, 30), "small_x", "Go-Mono-Italic.ttf", ("jpeg", "canvas_white")),
    Style("y_charisbold_stipple_ui", "stipple", (20, 20, 20), "none", "CharisSIL-Bold.ttf", ("ui_chrome",)),
    Style("y_kleesemi_inset_washed", "inset", (25, 25, 25), "pencil_x", "KleeOne-SemiBold.ttf", ("washed", "jpeg")),
    Style("y_navilu_bleed_watermark", "bleed", (15, 15, 15), "x", "Navilu.ttf", ("jpeg", "watermark"),
          clue_scale=(0.95, 1.1)),
    Style("y_kiloji_spiral_redpen_desk", "spiral", (30, 30, 30), "dot", "kiloji_p.ttf", ("texture", "drop_shadow"),
          clue_colour=(160, 25, 25)),
    Style("y_robotothin_orange_halo", "solid", (235, 125, 30), "dash", "Roboto-Thin.ttf",
          ("halo", "motion_blur", "jpeg_heavy"), clue_scale=(1.1, 1.25)),
    Style("y_light220_mixed_blur_desk", "light", (220, 220, 220), "mixed", None, ("motion_blur", "jpeg", "drop_shadow")),
)

# A seventh held-out set, written in the seventh session before any change was measured on it (run blind
# first): clue fonts from Debian packages that neither the digit model's training, calibration and held-out
# lists nor any earlier set use (fonts-fantasque-sans, fonts-averia-serif-gwf, fonts-oldstandard,
# fonts-quicksand, fonts-crosextra-carlito, fonts-sil-andika, fonts-courier-prime), fills no earlier set uses
# (a fill shifted off its cell as a model misregisters it, rounded tiles, a vertical gradient, a grainy
# charcoal fill, a wobbly hand-drawn polygon), empty-cell marks no earlier set uses (a backslash, a tiny dot,
# a thin grey X), grids redrawn with every line equally thick or as hairlines, and page changes no earlier
# set uses (ruled notebook paper, graph paper, a fold's crease and step in the light, a flash glare, barrel
# lens distortion, an ordered-dither grey palette, a tilt of 3-5 deg, an app's card on a coloured
# background, a wide stretch, a small output image).
HELDOUT7 = (
    Style("z_fantasque_shifted_notebook", "shifted", (20, 20, 20), "backslash", "FantasqueSansMono-Regular.ttf",
          ("notebook", "jpeg"), clue_colour=(25, 35, 120)),
    Style("z_averia_rounded_card", "rounded", (20, 110, 120), "none", "AveriaSerifGWF-Regular.ttf", ("card",)),
    Style("z_oldstdita_gradient_fold", "gradient", (15, 15, 15), "tiny_dot", "OldStandard-Italic.ttf",
          ("fold", "jpeg")),
    Style("z_quicksandlight_charcoal_barrel", "charcoal", (35, 35, 35), "x", "Quicksand-Light.ttf",
          ("barrel", "jpeg"), grid="hairline"),
    Style("z_carlitobold_wobbly_dither", "wobbly", (10, 10, 10), "thin_x_grey", "Carlito-Bold.ttf", ("dither",),
          grid="uniform"),
    Style("z_andika_magenta_tilt", "solid", (170, 30, 120), "tiny_dot", "Andika-Regular.ttf",
          ("texture", "jpeg", "tilt_large"), clue_scale=(0.8, 0.9)),
    Style("z_courierprime_graph_glare", "grey", (70, 70, 75), "backslash", "Courier Prime.otf",
          ("graph_paper", "glare", "jpeg")),
    Style("z_inputclues_rounded_small", "rounded", (30, 30, 30), "x", None, ("jpeg", "stretch_wide", "small_output"),
          grid="uniform"),
)

# An eighth held-out set, written in the eighth session before any change was measured on it (run blind
# first): clue fonts from Debian packages that neither the digit model's lists nor any earlier set use
# (fonts-b612, fonts-gfs-didot, fonts-bebas-neue, fonts-inconsolata, fonts-bajaderka, fonts-monoid,
# fonts-adf-gillius), fills no earlier set uses (a typed black-square glyph, a fine checker pattern, a
# translucent watercolour wash with a darker rim, waxy crayon streaks, a dry brush), empty-cell marks no
# earlier set uses (a small ring, a plus, a typed letter x), grids with dashed minor lines or in blue, and
# page changes no earlier set uses (newsprint halftone, a page curling off the desk, a phone held at an angle
# over a table, a photo of a screen with moire, crumpled paper, the page on a wooden desk beside a pencil with
# colour fringes, a blocky nearest-neighbour upscale, aged paper with stains and foxing).
HELDOUT8 = (
    Style("w_b612mono_glyphblock_newsprint", "glyph_block", (15, 15, 15), "ring", "B612Mono-Regular.otf",
          ("newsprint", "jpeg")),
    Style("w_didot_checker_curl", "checker", (20, 20, 20), "plus", "GFSDidot.otf", ("page_curl", "jpeg")),
    Style("w_bebas_watercolour_angle", "watercolour", (50, 100, 200), "none", "BebasNeue-Regular.otf",
          ("angle_photo",), clue_scale=(1.0, 1.15)),
    Style("w_inconsolata_crayon_moire", "crayon", (150, 30, 40), "typed_x", "Inconsolata.otf", ("screen_moire", "jpeg"),
          grid="blue"),
    Style("w_inputclues_solid_crumpled", "solid", (25, 25, 25), "ring", None, ("crumpled", "jpeg"), grid="dashed"),
    Style("w_bajaderka_brush_desk", "brush", (25, 25, 30), "x", "Bajaderka-Regular.otf", ("chromatic", "desk_pencil"),
          clue_colour=(20, 80, 55)),
    Style("w_monoid_navy_pixelated", "solid", (25, 35, 90), "plus", "Monoid-Regular.ttf", ("pixelated",),
          clue_scale=(0.8, 0.9)),
    Style("w_gilliusita_grey_aged", "grey", (95, 95, 95), "typed_x", "GilliusADF-Italic.otf", ("aged_paper", "jpeg"),
          clue_colour=(80, 45, 20), grid="dashed"),
)

# A ninth held-out set, written in the tenth session before any change was measured on it (run blind first):
# clue fonts from Debian packages that neither the digit model's lists nor any earlier set use (fonts-lato,
# fonts-gfs-bodoni-classic and fonts-fanwood with old-style figures, fonts-dosis, fonts-mononoki, the
# handwriting-style Latin of fonts-smc-chilanka, fonts-jura), fills no earlier set uses (a yellow highlighter,
# a game tile with a bevel, a rubber stamp with voids, concentric squares, an ink blot, a diagonal zigzag),
# empty-cell marks no earlier set uses (a red pen X, a typed multiplication sign, a hand X with bowed strokes, a
# typed bullet), grids with dotted minor lines or without thicker 5-cell lines, and page changes an image
# model's redraw shows that no earlier set uses (sepia toning with film grain, lines wobbling a little as a
# model redraws them, a dim low-light photo, a posterized palette, pincushion lens distortion, a decorative
# frame with a title, a painterly edge-preserving smoothing, a corner signature).
HELDOUT9 = (
    Style("n_lato_highlighter_grain", "highlighter", (250, 225, 40), "red_x", "Lato-Bold.ttf", ("grain", "jpeg")),
    Style("n_bodoni_bevel_wobble", "bevel", (45, 45, 50), "typed_times", "GFSBodoniClassic.otf", ("wobble", "jpeg")),
    Style("n_dosis_stamp_dim", "stamp", (30, 30, 35), "curved_x", "Dosis-Medium.otf", ("dim", "jpeg"),
          clue_colour=(25, 25, 90)),
    Style("n_mononoki_concentric_posterize", "concentric", (20, 20, 20), "typed_bullet", "mononoki-Regular.ttf",
          ("posterize",), grid="dotted"),
    Style("n_fanwood_blot_sepia_pincushion", "blot", (15, 15, 15), "x", "FanwoodText.otf", ("sepia", "pincushion", "jpeg"),
          clue_scale=(1.0, 1.15)),
    Style("n_chilanka_zigzag_frame", "zigzag", (25, 30, 80), "curved_x", "Chilanka-Regular.otf", ("jpeg", "frame"),
          clue_colour=(25, 30, 80)),
    Style("n_jura_solid_painterly", "solid", (35, 35, 35), "typed_bullet", "Jura-Medium.otf", ("painterly", "jpeg"),
          grid="flat"),
    Style("n_inputclues_bevel_signature", "bevel", (60, 30, 110), "red_x", None, ("texture", "jpeg", "signature")),
)

# A tenth held-out set, written in the eleventh session before any change was measured on it (run blind
# first): clue fonts from Debian packages that neither the digit model's lists nor any earlier set use
# (fonts-inter, fonts-manrope, fonts-gnutypewriter, fonts-osifont, fonts-eurofurence, fonts-cardo with
# old-style figures, fonts-routed-gothic), fills no earlier set uses (a tile with a soft drop shadow, ink
# feathering past the cell's edge, a hand-drawn square turned a few degrees, a low-resolution 4x4 mosaic, a
# glossy app tile, a fill smeared into the next cell), empty-cell marks no earlier set uses (a blue ballpoint X,
# a typed ballot X, a soft light-grey dot, a typed en dash), grids regenerated as an image model draws them
# (uneven line weights, lines a little off their places, an app's rounded grid, sketchy hand-drawn strokes),
# and page changes no earlier set uses (off-white paper with fibres, window-blind shadows, a faded "vintage"
# filter, a shallow depth of field, a glow over thin lines, colour bleeding from subsampled chroma, a green
# "solved" badge in the page's empty corner, a dark-mode chat screenshot, a phone photo of a printout).
HELDOUT10 = (
    Style("q_inter_softshadow_offwhite", "soft_shadow", (25, 25, 30), "grey_disc", "Inter-Medium.otf",
          ("offwhite", "jpeg"), grid="uneven"),
    Style("q_manrope_glossy_chat", "glossy", (40, 55, 95), "typed_ballot_x", "Manrope-SemiBold.ttf",
          ("chat_screenshot",), grid="rounded"),
    Style("q_typewriter_tilted_printout", "tilted_square", (20, 20, 20), "blue_x", "GNUTypewriter.ttf",
          ("phone_printout",), grid="sketchy"),
    Style("q_osifont_feathered_blinds", "feathered", (15, 15, 20), "typed_endash", "osifont.ttf", ("blinds", "jpeg"),
          clue_colour=(25, 30, 75), grid="jittered"),
    Style("q_eurofurence_smear_faded", "smear", (30, 30, 30), "grey_disc", "eurof55.ttf", ("faded_film", "jpeg")),
    Style("q_cardo_mosaic_depthblur", "mosaic", (30, 30, 35), "typed_ballot_x", "Cardo104s.ttf",
          ("depth_blur", "jpeg"), clue_scale=(1.0, 1.15), grid="uneven"),
    Style("q_routedgothic_teal_badge_bloom", "glossy", (20, 90, 100), "blue_x", "routed-gothic-half-italic.ttf",
          ("bloom", "jpeg", "corner_badge"), grid="jittered"),
    Style("q_inputclues_tilted_chroma", "tilted_square", (160, 35, 60), "typed_endash", None, ("chroma_bleed", "jpeg"),
          grid="sketchy"),
)

# An eleventh held-out set, written in the twelfth session without looking at the verifier (run blind first on
# the session-start code): clue fonts from Debian packages that neither the digit model's lists nor any earlier
# set use (fonts-clear-sans, fonts-paratype's PT Sans, fonts-sora, fonts-century-catalogue, fonts-roboto-slab,
# fonts-opendin, fonts-tiresias), fills no earlier set uses (an app's sticker tile with a white inner line, a
# printed halftone screen, a diffusion model's mottled tile, a dark frame around a mid-grey centre, pixel art
# in a palette of colours, a pen's looping scribble, a dark tile lighter towards its centre), empty-cell marks
# no earlier set uses (an app's pale cell with a light X or a dot, a typed bold capital X, a large dot, a hand
# X with skewed strokes), the planted errors drawn in new ways (light pencil shading, a light tone, a rounded
# outlined fill, a typed bold X and a round-capped heavy X instead of a fill), grids with a soft halo, a
# puzzle-book double frame, dark red 5-cell lines or a drop shadow, and page changes no earlier set uses (WebP
# compression, a cool fluorescent cast, a phone's hard-edged shadow, a lamp's warm falloff, a phone's HDR
# local contrast, colour sensor noise; a phone screenshot of an app, a re-shared messenger copy, a legend
# below, a thumb holding the page, a sheared scan, an AI upscaler's sharpened 2x, a coloured title banner).
HELDOUT11 = (
    Style("e_clearsans_sticker_phone", "sticker", (22, 22, 26), "tint_x", "ClearSans-Bold.ttf",
          ("webp", "phone_screenshot"), grid="haloed"),
    Style("e_ptsans_halftone_messenger", "halftone", (15, 15, 15), "tint_dot", "PTS55F.ttf", ("cool_cast", "messenger"),
          grid="double_frame", cross_mark="typed_bold_X_heavy"),
    Style("e_sora_mottled_hardshadow", "mottled", (28, 28, 30), "typed_bold_X", "Sora-SemiBold.otf",
          ("hard_shadow", "webp"), clue_gap=(0.6, 0.8), light_mark="light_pencil"),
    Style("e_century_twotone_lamp_legend", "two_tone", (20, 20, 20), "big_dot", "Century-Catalogue.ttf",
          ("lamp", "jpeg", "legend"), clue_scale=(1.0, 1.15), grid="red_major", outline_mark="outline_rounded"),
    Style("e_robotoslab_loops_thumb", "loops", (30, 35, 80), "skew_x", "RobotoSlab-Regular.otf",
          ("clahe", "jpeg", "thumb"), light_mark="light_tone"),
    Style("e_opendin_radial_upscale", "radial", (20, 20, 24), "none", "OSP-DIN.ttf", ("upscale_ai",),
          clue_scale=(1.05, 1.2), grid="haloed", cross_mark="heavy_x_round"),
    Style("e_tiresias_palette_shear", "palette", (0, 0, 0), "none", "tiresias_infofont.ttf",
          ("colour_noise", "jpeg", "shear"), grid="shadow_lines", outline_mark="outline_rounded"),
    Style("e_inputclues_loops_banner", "loops", (20, 20, 20), "big_dot", None, ("cool_cast", "webp", "title_banner"),
          grid="red_major", light_mark="light_pencil", cross_mark="heavy_x_round"),
)

# A twelfth held-out set, written in the thirteenth session without looking at the verifier (run blind first on
# the session-start code): clue fonts from Debian packages that neither the digit model's lists nor any earlier
# set use (fonts-crosextra-caladea, fonts-gfs-neohellenic, fonts-adf-baskervald's italic, fonts-agave,
# fonts-play, fonts-adf-universalis' condensed cut, fonts-tuffy), fills no earlier set uses (a screen's scan
# lines, a print's colour plates out of register, an app's octagonal tile, spray paint, a woven canvas texture,
# a dark tile perforated with small holes, a pressed tile with an inner shadow), empty-cell marks no earlier set
# uses (a thin X from corner to corner, a hand asterisk, a small open square, a null sign, a small square dot),
# the planted errors drawn in new ways (light cross-hatching, light spray, an octagonal or hand-drawn outline, a
# tapered brush X, an X gone over twice, a heavy X from corner to corner), grids no earlier set uses (double
# 5-cell rules, colour plates out of register, a heavy frame, brown ink, engineering green, lines overshooting
# the frame), and page changes no earlier set uses (a magazine page with a column of text beside the puzzle, a
# coffee ring on extra paper, a dark-mode rendering, watercolour paper, a clipboard with its clip, a landscape
# tablet app photographed with a reflection, a film light leak, a polaroid on a table, a photocopy, a page taped
# to a desk, a GIF palette with dithering, a browser window).
HELDOUT12 = (
    Style("p_caladeabold_scanline_magazine", "scanline", (25, 25, 30), "full_x", "Caladea-Bold.ttf", ("magazine",),
          clue_scale=(0.9, 1.05), grid="double_major", light_mark="light_crosshatch"),
    Style("p_neohellenic_misregistered_coffee", "misregistered", (20, 20, 20), "null_sign", "GFSNeohellenic.otf",
          ("jpeg", "coffee_ring"), grid="cmyk_lines", outline_mark="outline_hand"),
    Style("p_baskervaldita_octagon_darkmode", "octagon", (30, 40, 110), "hollow_square", "BaskervaldADFStd-Italic.otf",
          ("dark_mode", "jpeg"), clue_scale=(1.0, 1.15), grid="wide_border", outline_mark="outline_octagon"),
    Style("p_agave_airbrush_clipboard", "airbrush", (25, 25, 35), "asterisk", "agave-r-autohinted.ttf",
          ("cold_press", "clipboard"), clue_colour=(25, 35, 110), grid="brown_ink", light_mark="light_spray",
          cross_mark="heavy_x_brush"),
    Style("p_play_woven_tablet", "woven", (35, 35, 40), "square_dot", "Play-Regular.ttf", ("tablet",),
          grid="green_eng", cross_mark="heavy_x_double"),
    Style("p_universaliscond_perforated_polaroid", "perforated", (20, 20, 20), "none", "UniversalisADFStd-Cond.otf",
          ("light_leak", "polaroid"), clue_gap=(0.5, 0.75), grid="overshoot", light_mark="light_spray",
          cross_mark="heavy_x_corner"),
    Style("p_tuffybold_innershadow_photocopy_tape", "inner_shadow", (40, 40, 48), "asterisk", "Tuffy_Bold.ttf",
          ("photocopy", "tape"), grid="wide_border", outline_mark="outline_hand"),
    Style("p_inputclues_octagon_gif_browser", "octagon", (35, 90, 75), "full_x", None, ("gif_palette", "browser"),
          grid="overshoot", light_mark="light_crosshatch", cross_mark="heavy_x_brush"),
)

# A thirteenth held-out set, written in the fourteenth session without looking at the verifier (run blind first on
# the session-start code): clue fonts from Debian packages that neither the digit model's lists nor any earlier set
# use (fonts-hermit, fonts-adf-accanthis' italic, fonts-adf-switzera's condensed cut, fonts-beteckna,
# fonts-anonymous-pro's bold, fonts-essays1743, fonts-oxygen's mono), fills no earlier set uses (translucent felt-tip
# strokes darker where they overlap, an oblique-projection cube, a neon tile with a glow, a toy brick with its stud,
# cross-stitches, a dark tile with a white tick, dense ballpoint shading running past the cell), empty-cell marks no
# earlier set uses (a handwritten x as two back-to-back arcs, a typed box-drawing diagonal cross, a small green
# felt-tip X, a grainy pencil dot, a typed middle dot, a pen's dot with a tail, a dot well off the centre), the
# planted errors drawn in new ways (pale felt-tip strokes, a pale cube; a stencilled frame open at the corners, a
# frame with an inner shadow; a heavy magenta X with a halo, a heavy handwritten x, a hollow heavy X, an X stitched
# in three threads per arm), grids no earlier set uses (violet ink, heavy proportions, dash-dot minor lines,
# graphite pencil), and page changes no earlier set uses (a fluorescent sticky note on a monitor bezel, a bound book's
# page scanned with the spine's shadow, a 16:9 presentation slide, a social-media post, a paused video with its
# player's controls, a projection on a whiteboard, a page torn from a spiral pad on a desk; LED flicker bands, a
# scanning app's "enhance", ink spreading on soft paper, an e-reader's screen, a laser print low on toner, a
# display's night filter).
HELDOUT13 = (
    Style("r_hermit_felt_sticky", "felt_overlap", (25, 30, 75), "cursive_x", "Hermit-medium.otf",
          ("jpeg", "sticky_note"), grid="violet_ink", light_mark="light_felt", cross_mark="heavy_x_cursive"),
    Style("r_accanthisita_voxel_bookscan", "voxel", (70, 70, 80), "pencil_dot", "AccanthisADFStd-Italic.otf",
          ("toner_streaks", "book_scan"), grid="heavy_minor", light_mark="light_voxel", cross_mark="heavy_x_outline"),
    Style("r_switzeracond_neon_video", "neon", (225, 30, 165), "none", "SwitzeraADF-Cond.otf",
          ("night_shift", "video_frame"), grid="dash_dot", outline_mark="outline_shadowed", cross_mark="heavy_x_neon"),
    Style("r_beteckna_brick_slide", "brick_stud", (200, 45, 40), "typed_middle_dot", "BetecknaGS.ttf",
          ("flicker_bands", "jpeg", "slide"), clue_scale=(1.0, 1.15), outline_mark="outline_bars"),
    Style("r_anonymousbold_stitch_social", "cross_stitch", (30, 30, 45), "typed_saltire", "Anonymous Pro B.ttf",
          ("scanner_app", "social_post"), grid="pencil_grid", light_mark="light_felt", cross_mark="heavy_x_stitch"),
    Style("r_essays_ticked_projected", "ticked_tile", (25, 25, 30), "tail_dot", "Essays1743.ttf", ("projected",),
          clue_gap=(0.55, 0.8), grid="heavy_minor", outline_mark="outline_shadowed"),
    Style("r_oxygenmono_ballpoint_spiral", "ballpoint", (25, 40, 140), "green_x", "OxygenMono-Regular.ttf",
          ("ink_spread", "jpeg", "spiral_pad"), clue_colour=(25, 40, 140), grid="pencil_grid",
          outline_mark="outline_bars", cross_mark="heavy_x_cursive"),
    Style("r_inputclues_voxel_eink", "voxel", (40, 70, 150), "off_dot", None, ("eink", "jpeg"), grid="dash_dot",
          light_mark="light_voxel", cross_mark="heavy_x_stitch"),
)

# A fourteenth held-out set, written in the fifteenth session without looking at the verifier (run blind first on
# the session-start code): clue fonts from Debian packages that neither the digit model's lists nor any earlier set
# or test use (the handwriting of fonts-dustin's Domestic Manners, the school print hand and the Quercus sans of
# fonts-linex, fonts-quattrocento, fonts-adf-tribun, fonts-roadgeek's highway lettering, fonts-ocr-b,
# fonts-league-mono), fills no earlier set uses (knitted V stitches, satin stitching, a dark fill with glitter, marble,
# a wooden block, a frame with hatching inside, a strip of black tape, a linocut with gouge marks), empty-cell marks
# no earlier set uses (an X of dots, a broad-nib X, a small X in the cell's corner, a sketchy X of doubled strokes,
# the typed heavy multiplication X, a rubber-stamped X, an irregular ink dab), the planted errors drawn in new ways
# (pale knitting, pale tape; a frame of brush strokes, a frame of tape; an X of crossed tape, a broad-nib X, an X of
# big dots, a large typed heavy X), grids no earlier set uses (alternate 5x5 blocks tinted, banded rows, an app's
# pale tiles with white gutters, soft grey lines, a felt marker's lines with ink pooled at their ends), and page
# changes no earlier set uses (the picture inserted in a spreadsheet, a thermal receipt printer's dithered print, a
# print shop's proof with crop marks and a colour bar, a plastic sheet protector with a glare streak, a fax, a video
# call's screen share, a newspaper puzzle page beside a sudoku, kraft paper in a ring binder, an app's highlighted
# row and column).
HELDOUT14 = (
    Style("s_domestic_knit_spreadsheet", "knit", (30, 45, 120), "dotted_x", "Domestic_Manners.ttf",
          ("jpeg", "spreadsheet"), clue_colour=(25, 35, 110), grid="banded_rows", light_mark="light_knit"),
    Style("s_abecedario_satin_receipt", "satin_stitch", (35, 30, 40), "none", "AbecedarioNegrita.ttf",
          ("thermal_receipt",), clue_scale=(1.0, 1.15), cross_mark="heavy_x_dotted"),
    Style("s_quattrocento_linocut_proof", "linocut", (20, 20, 20), "nib_x", "Quattrocento-Regular.otf",
          ("jpeg", "print_proof"), grid="ruler_marker", outline_mark="outline_brush", cross_mark="heavy_x_nib"),
    Style("s_tribun_tape_protector", "tape_strip", (25, 25, 30), "corner_x", "TribunADFStd-Regular.otf",
          ("sheet_protector",), grid="block_shading", light_mark="light_tape", cross_mark="heavy_x_tape"),
    Style("s_roadgeek_wood_fax", "wood_block", (115, 75, 40), "ink_dab", "RG2014D.ttf", ("fax",),
          outline_mark="outline_tape"),
    Style("s_ocrb_glitter_screenshare", "glitter", (45, 30, 95), "typed_heavy_times", "OCRB.otf", ("screen_share",),
          clue_scale=(0.85, 1.0), grid="tiles", cross_mark="heavy_x_typed"),
    Style("s_leaguemono_framedhatch_binder", "framed_hatch", (25, 25, 25), "sketch_x", "LeagueMono-NarrowRegular.otf",
          ("kraft", "jpeg", "binder_holes"), grid="soft_grid", outline_mark="outline_brush"),
    Style("s_domestic_marble_puzzlepage", "marble", (35, 35, 40), "stamp_x", "Domestic_Manners.ttf",
          ("jpeg", "puzzle_page"), clue_colour=(120, 25, 30), clue_scale=(1.0, 1.15), cross_mark="heavy_x_nib"),
    Style("s_tribunboldcond_tape_highlight", "tape_strip", (30, 60, 140), "none", "TribunADFStd-BoldCond.otf",
          ("app_highlight", "webp"), grid="tiles", light_mark="light_tape", outline_mark="outline_tape"),
    Style("s_quercusbold_wood_proof", "wood_block", (100, 65, 35), "sketch_x", "Quercus_Bold.ttf",
          ("jpeg", "print_proof"), clue_gap=(0.55, 0.8), grid="block_shading", cross_mark="heavy_x_typed"),
    Style("s_leaguemonosemi_knit_fax", "knit", (120, 25, 35), "dotted_x", "LeagueMono-SemiBold.otf", ("fax",),
          grid="ruler_marker", light_mark="light_knit", cross_mark="heavy_x_dotted"),
    Style("s_inputclues_linocut_receipt", "linocut", (20, 20, 20), "stamp_x", None, ("thermal_receipt",),
          grid="soft_grid", light_mark="light_tape", cross_mark="heavy_x_tape"),
)

ERRORS = ("none", "extra_light", "extra_outline", "x_instead", "missing", "clue_changed")


# ------------------------------------------------------------------------------------------ drawing


def _draw_fill(img: Image.Image, d: ImageDraw.ImageDraw, box, kind: str, colour, rng: random.Random) -> None:
    x0, y0, x1, y1 = box
    w = x1 - x0
    j = lambda a, b: rng.uniform(a, b) * w  # noqa: E731
    if kind in ("solid", "grey", "light"):
        d.rectangle([x0 + j(0.02, 0.08), y0 + j(0.02, 0.08), x1 - j(0.02, 0.08), y1 - j(0.02, 0.08)], fill=colour)
    elif kind == "outline":  # a thick frame with a white centre: about 75 % of the cell inked
        t = rng.uniform(0.2, 0.27) * w
        d.rectangle([x0 + 1, y0 + 1, x1 - 1, y1 - 1], fill=colour)
        d.rectangle([x0 + t, y0 + t, x1 - t, y1 - t], fill=(255, 255, 255))
    elif kind == "partial":
        s = rng.uniform(0.62, 0.78) * w
        ox, oy = rng.uniform(0.08, w / w * (1 - s / w - 0.06)) * w, rng.uniform(0.08, 1 - s / w - 0.06) * w
        d.rectangle([x0 + ox, y0 + oy, x0 + ox + s, y0 + oy + s], fill=colour)
    elif kind in ("hatch", "crosshatch"):
        side = max(4, round(w))
        patch = Image.new("L", (side, side), 0)
        pd = ImageDraw.Draw(patch)
        step = side / rng.uniform(4.5, 6.0)
        width = max(2, round(w / rng.uniform(10, 14)))
        dirs = (1, -1) if kind == "crosshatch" else (rng.choice((1, -1)),)
        for sgn in dirs:
            for k in range(-8, 9):
                if sgn > 0:
                    pd.line([(k * step, 0), (k * step + side, side)], fill=255, width=width)
                else:
                    pd.line([(k * step + side, 0), (k * step, side)], fill=255, width=width)
        m = round(0.06 * side)
        clip = Image.new("L", (side, side), 0)
        ImageDraw.Draw(clip).rectangle([m, m, side - m, side - m], fill=255)
        patch = Image.fromarray(np.minimum(np.asarray(patch), np.asarray(clip)))
        img.paste(colour, (round(x0), round(y0)), patch)
    elif kind == "pencil":
        y = y0 + 0.1 * w
        width = max(3, round(w / 7))
        while y < y1 - 0.1 * w:
            pts = [(x0 + 0.1 * w + t * 0.8 * w, y + rng.uniform(-1.5, 1.5)) for t in np.linspace(0, 1, 6)]
            d.line(pts, fill=colour, width=width)
            y += w / rng.uniform(8, 10)
    elif kind == "scribble":  # a zig-zag scribble filling the cell
        pts = []
        n = rng.randint(7, 10)
        for k in range(n + 1):
            yy = y0 + 0.12 * w + k * 0.76 * w / n
            pts.append((x0 + (0.1 if k % 2 == 0 else 0.9) * w + rng.uniform(-0.03, 0.03) * w, yy))
        d.line(pts, fill=colour, width=max(3, round(w / 6)), joint="curve")
    elif kind == "disc":
        r = rng.uniform(0.36, 0.44) * w
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=colour)
    elif kind == "marker":  # three or four broad felt-tip strokes with round ends, slivers of paper between
        n = rng.randint(3, 4)
        width = max(3, round(w * rng.uniform(0.24, 0.3)))
        for k in range(n):
            yy = y0 + w * (0.2 + 0.6 * k / (n - 1)) + rng.uniform(-0.03, 0.03) * w
            xa, xb = x0 + j(0.14, 0.22), x1 - j(0.14, 0.22)
            d.line([(xa, yy), (xb, yy + rng.uniform(-0.05, 0.05) * w)], fill=colour, width=width)
            for xe in (xa, xb):
                d.ellipse([xe - width / 2, yy - width / 2, xe + width / 2, yy + width / 2], fill=colour)
    elif kind == "vhatch":  # vertical strokes
        step = w / rng.uniform(4.5, 6.0)
        width = max(2, round(w / rng.uniform(9, 12)))
        x = x0 + 0.12 * w
        while x < x1 - 0.1 * w:
            d.line([(x, y0 + j(0.08, 0.14)), (x + rng.uniform(-1, 1), y1 - j(0.08, 0.14))], fill=colour, width=width)
            x += step
    elif kind == "stipple":  # dense dots of a pen
        r = max(1.2, w * rng.uniform(0.05, 0.07))
        for _ in range(int(rng.uniform(45, 60))):
            cx, cy = x0 + j(0.12, 0.88), y0 + j(0.12, 0.88)
            d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=colour)
    elif kind == "inset":  # a centred square well inside the cell
        s = rng.uniform(0.55, 0.68) * w
        cx, cy = (x0 + x1) / 2 + j(-0.03, 0.03), (y0 + y1) / 2 + j(-0.03, 0.03)
        d.rectangle([cx - s / 2, cy - s / 2, cx + s / 2, cy + s / 2], fill=colour)
    elif kind == "bleed":  # a careless fill running 4-9 % of a cell over the lines into the neighbours
        d.rectangle([x0 - j(0.04, 0.09), y0 - j(0.04, 0.09), x1 + j(0.04, 0.09), y1 + j(0.04, 0.09)], fill=colour)
    elif kind == "spiral":  # a round scribble winding out from the centre
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        turns = rng.uniform(2.5, 3.5)
        t = np.linspace(0, 1, 80)
        ang = 2 * math.pi * turns * t + rng.uniform(0, 2 * math.pi)
        rad = w * (0.06 + 0.36 * t)
        d.line([(cx + rr * math.cos(a), cy + rr * math.sin(a)) for rr, a in zip(rad, ang)], fill=colour,
               width=max(2, round(w / rng.uniform(7, 9))), joint="curve")
    elif kind == "shifted":  # a solid fill misregistered down and right, into the neighbours
        dx, dy = j(0.06, 0.12), j(0.06, 0.12)
        d.rectangle([x0 + dx + j(0.02, 0.05), y0 + dy + j(0.02, 0.05), x1 + dx - j(0.02, 0.05),
                     y1 + dy - j(0.02, 0.05)], fill=colour)
    elif kind == "rounded":  # an app's rounded tile
        m = j(0.08, 0.13)
        d.rounded_rectangle([x0 + m, y0 + m, x1 - m, y1 - m], radius=0.22 * w, fill=colour)
    elif kind == "gradient":  # a vertical gradient from the colour at the top to a mid grey at the bottom
        m = j(0.03, 0.06)
        top, bottom = np.array(colour, float), np.array(colour, float) + rng.uniform(80, 110)
        ya, yb = round(y0 + m), round(y1 - m)
        for yy in range(ya, yb + 1):
            t = (yy - ya) / max(1, yb - ya)
            d.line([(x0 + m, yy), (x1 - m, yy)], fill=tuple(int(v) for v in np.clip(top + t * (bottom - top), 0, 255)))
    elif kind == "charcoal":  # grainy charcoal: about three quarters of the cell's pixels inked, in clumps
        side = max(4, round(w))
        g = np.random.default_rng(rng.randrange(1 << 30))
        grain = cv2.GaussianBlur(g.random((side, side)).astype(np.float32), (0, 0), 0.8)
        alpha = (grain > np.quantile(grain, rng.uniform(0.22, 0.3))).astype(np.uint8) * 255
        m = round(0.07 * side)
        alpha[:m], alpha[-m:], alpha[:, :m], alpha[:, -m:] = 0, 0, 0, 0
        img.paste(colour, (round(x0), round(y0)), Image.fromarray(alpha))
    elif kind == "wobbly":  # a hand-drawn polygon: its sides wander in and out of the cell's edge
        pts = []
        for (ax, ay), (bx, by) in (((x0, y0), (x1, y0)), ((x1, y0), (x1, y1)), ((x1, y1), (x0, y1)),
                                   ((x0, y1), (x0, y0))):
            nx, ny = (by - ay) / w, (ax - bx) / w  # the side's outward normal (clockwise on the page)
            for t in (0.0, 0.33, 0.67):
                o = j(-0.12, 0.04)
                pts.append((ax + t * (bx - ax) + nx * o, ay + t * (by - ay) + ny * o))
        d.polygon(pts, fill=colour)
    elif kind == "glyph_block":  # a typed black square (U+25A0) set in the cell, a little low, as text is
        side = x1 - x0
        font = ImageFont.truetype(str(_font_dir() / "DejaVuSans.ttf"), max(6, round(side * rng.uniform(0.95, 1.1))))
        d.text(((x0 + x1) / 2 + j(-0.03, 0.03), (y0 + y1) / 2 + j(0.0, 0.06)), "\u25a0", font=font, fill=colour,
               anchor="mm")
    elif kind == "checker":  # a fine 1-2 px checker pattern: half the cell inked, a grey tone seen from afar
        side = max(4, round(w))
        k = rng.choice((1, 2))
        yy, xx = np.mgrid[0:side, 0:side]
        alpha = (((xx // k) + (yy // k)) % 2 == 0).astype(np.uint8) * 255
        m = round(0.06 * side)
        alpha[:m], alpha[-m:], alpha[:, :m], alpha[:, -m:] = 0, 0, 0, 0
        img.paste(colour, (round(x0), round(y0)), Image.fromarray(alpha))
    elif kind == "watercolour":  # a translucent wash, uneven, its pigment pooled darker along a ragged edge
        side = max(4, round(w))
        g = np.random.default_rng(rng.randrange(1 << 30))
        rough = cv2.GaussianBlur(g.random((side, side)).astype(np.float32), (0, 0), side / 8)
        rough = (rough - rough.mean()) / max(1e-6, float(rough.std()))
        yy, xx = np.mgrid[0:side, 0:side].astype(np.float32)
        inset = np.minimum.reduce([xx, yy, side - 1 - xx, side - 1 - yy]) / side
        shape = inset + 0.025 * rough - rng.uniform(0.06, 0.1)
        inside = shape > 0
        rim = inside & (shape < 0.07)
        alpha = np.where(inside, rng.uniform(0.55, 0.7) + 0.08 * rough, 0.0)
        alpha = np.where(rim, rng.uniform(0.85, 0.95), alpha)
        alpha = cv2.GaussianBlur(np.clip(alpha, 0, 1).astype(np.float32), (0, 0), 0.7)
        img.paste(colour, (round(x0), round(y0)), Image.fromarray((alpha * 255).astype(np.uint8)))
    elif kind == "crayon":  # waxy crayon: streaks along the stroke with paper grain showing through
        side = max(4, round(w))
        g = np.random.default_rng(rng.randrange(1 << 30))
        grain = cv2.GaussianBlur(g.random((side, side)).astype(np.float32), (0, 0), sigmaX=3.0, sigmaY=0.6)
        alpha = (grain > np.quantile(grain, rng.uniform(0.2, 0.32))).astype(np.uint8) * 255
        m = round(rng.uniform(0.06, 0.1) * side)
        alpha[:m], alpha[-m:], alpha[:, :m], alpha[:, -m:] = 0, 0, 0, 0
        img.paste(colour, (round(x0), round(y0)), Image.fromarray(alpha))
    elif kind == "brush":  # a dry brush dragged diagonally: bristle streaks, paper between some of them
        side = max(4, round(w))
        g = np.random.default_rng(rng.randrange(1 << 30))
        bristles = (g.random(2 * side + 2) < rng.uniform(0.75, 0.85)).astype(np.float32)
        yy, xx = np.mgrid[0:side, 0:side]
        alpha = bristles[xx - yy + side]
        alpha = cv2.GaussianBlur(alpha.astype(np.float32), (0, 0), 0.6)
        m = round(0.08 * side)
        alpha[:m], alpha[-m:], alpha[:, :m], alpha[:, -m:] = 0, 0, 0, 0
        img.paste(colour, (round(x0), round(y0)), Image.fromarray((np.clip(alpha, 0, 1) * 255).astype(np.uint8)))
    elif kind == "highlighter":  # a translucent highlighter: two or three broad streaks, darker where they overlap
        side = max(4, round(w))
        alpha = np.zeros((side, side), np.float32)
        n = rng.randint(2, 3)
        for k in range(n):
            band = np.zeros((side, side), np.float32)
            yy0 = round(side * (0.08 + 0.84 * k / n)) - 1
            yy1 = round(side * (0.08 + 0.84 * (k + 1) / n)) + 2
            band[max(0, yy0):min(side, yy1), round(0.08 * side):round(0.92 * side)] = 1
            alpha = 1 - (1 - alpha) * (1 - 0.75 * band)
        alpha = cv2.GaussianBlur(alpha, (0, 0), 0.6)
        img.paste(colour, (round(x0), round(y0)), Image.fromarray((np.clip(alpha, 0, 1) * 255).astype(np.uint8)))
    elif kind == "bevel":  # a game tile: the colour, a light top-left bevel and a dark bottom-right one
        m, b = j(0.04, 0.08), max(1.0, j(0.1, 0.14))
        light = tuple(min(255, c + 90) for c in colour)
        dark = tuple(max(0, c - 30) for c in colour)
        xa, ya, xb, yb = x0 + m, y0 + m, x1 - m, y1 - m
        d.rectangle([xa, ya, xb, yb], fill=colour)
        d.polygon([(xa, ya), (xb, ya), (xb - b, ya + b), (xa + b, ya + b), (xa + b, yb - b), (xa, yb)], fill=light)
        d.polygon([(xb, yb), (xa, yb), (xa + b, yb - b), (xb - b, yb - b), (xb - b, ya + b), (xb, ya)], fill=dark)
    elif kind == "stamp":  # a rubber stamp: a square, the ink missing in speckled voids and a pale patch
        side = max(4, round(w))
        g = np.random.default_rng(rng.randrange(1 << 30))
        grain = cv2.GaussianBlur(g.random((side, side)).astype(np.float32), (0, 0), 1.0)
        alpha = (grain > np.quantile(grain, rng.uniform(0.1, 0.18))).astype(np.float32)
        yy, xx = np.mgrid[0:side, 0:side].astype(np.float32)
        cx, cy = rng.uniform(0.2, 0.8) * side, rng.uniform(0.2, 0.8) * side
        alpha *= 1 - 0.45 * np.exp(-((xx - cx) ** 2 + (yy - cy) ** 2) / (2 * (0.18 * side) ** 2))
        m = round(rng.uniform(0.06, 0.1) * side)
        alpha[:m], alpha[-m:], alpha[:, :m], alpha[:, -m:] = 0, 0, 0, 0
        img.paste(colour, (round(x0), round(y0)), Image.fromarray((alpha * 255).astype(np.uint8)))
    elif kind == "concentric":  # concentric squares drawn with one pen, paper between the rings
        width = max(2, round(w * rng.uniform(0.08, 0.1)))
        step = width * rng.uniform(1.7, 2.0)
        t = j(0.06, 0.1)
        while (x1 - x0) - 2 * t > width:
            d.rectangle([x0 + t, y0 + t, x1 - t, y1 - t], outline=colour, width=width)
            t += step
    elif kind == "blot":  # an ink blot: a round irregular shape over most of the cell
        cx, cy = (x0 + x1) / 2 + j(-0.04, 0.04), (y0 + y1) / 2 + j(-0.04, 0.04)
        ph = [rng.uniform(0, 2 * math.pi) for _ in range(3)]
        pts = []
        for a in np.linspace(0, 2 * math.pi, 40, endpoint=False):
            rr = w * (0.4 + 0.04 * math.sin(3 * a + ph[0]) + 0.03 * math.sin(5 * a + ph[1]) + 0.02 * math.sin(7 * a + ph[2]))
            pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
        d.polygon(pts, fill=colour)
    elif kind == "zigzag":  # a scribble going back and forth along the cell's anti-diagonal
        pts = []
        n = rng.randint(7, 9)
        lo, hi = x0 + 0.1 * w, x0 + 0.9 * w
        for k in range(n + 1):
            c = (0.3 + 1.4 * k / n) * w + 2 * x0  # the line x' + y' = c, in the cell's frame shifted to x0
            ends = ((max(lo, c - hi), min(hi, c - lo)), (min(hi, c - lo), max(lo, c - hi)))
            ex, ey = ends[k % 2]
            pts.append((ex, ey - x0 + y0))
        d.line(pts, fill=colour, width=max(3, round(w / 6)), joint="curve")
    elif kind == "soft_shadow":  # a filled square casting a soft grey shadow down and to one side, as an image
        # model renders a "tile" (the shadow reaches a little into the neighbours)
        side = max(4, round(1.5 * w))
        off = (x0 + x1) / 2 - side / 2, (y0 + y1) / 2 - side / 2
        m = j(0.05, 0.09)
        sx, sy = rng.choice((-1, 1)) * j(0.05, 0.08), j(0.05, 0.08)
        shade = Image.new("L", (side, side), 0)
        ImageDraw.Draw(shade).rectangle([x0 + m + sx - off[0], y0 + m + sy - off[1], x1 - m + sx - off[0],
                                         y1 - m + sy - off[1]], fill=255)
        alpha = cv2.GaussianBlur(np.asarray(shade, np.float32), (0, 0), max(0.8, 0.06 * w)) * rng.uniform(0.22, 0.3)
        img.paste((95, 95, 105), (round(off[0]), round(off[1])), Image.fromarray(alpha.astype(np.uint8)))
        d.rectangle([x0 + m, y0 + m, x1 - m, y1 - m], fill=colour)
    elif kind == "feathered":  # ink soaking into the paper: a square whose ragged edge fades out past the lines
        side = max(4, round(1.3 * w))
        off = (x0 + x1) / 2 - side / 2, (y0 + y1) / 2 - side / 2
        g = np.random.default_rng(rng.randrange(1 << 30))
        yy, xx = np.mgrid[0:side, 0:side].astype(np.float32)
        inset = np.minimum.reduce([xx - (x0 - off[0]), yy - (y0 - off[1]), (x1 - off[0]) - xx, (y1 - off[1]) - yy]) / w
        rough = cv2.GaussianBlur(g.normal(0, 1, (side, side)).astype(np.float32), (0, 0), max(1.0, side / 14))
        rough /= max(1e-6, float(rough.std()))
        alpha = np.clip((inset + 0.02 * rough - rng.uniform(0.0, 0.03)) / rng.uniform(0.1, 0.14) + 0.5, 0, 1)
        img.paste(colour, (round(off[0]), round(off[1])), Image.fromarray((alpha * 255).astype(np.uint8)))
    elif kind == "tilted_square":  # a square drawn by hand, turned a few degrees and not quite centred
        s = rng.uniform(0.76, 0.84) * w / 2
        cx, cy = (x0 + x1) / 2 + j(-0.03, 0.03), (y0 + y1) / 2 + j(-0.03, 0.03)
        a = math.radians(rng.choice((-1, 1)) * rng.uniform(3, 7))
        d.polygon([(cx + s * (u * math.cos(a) - v * math.sin(a)) + j(-0.02, 0.02),
                    cy + s * (u * math.sin(a) + v * math.cos(a)) + j(-0.02, 0.02))
                   for u, v in ((-1, -1), (1, -1), (1, 1), (-1, 1))], fill=colour)
    elif kind == "mosaic":  # a fill rendered at low resolution: 4x4 blocks of slightly different dark tones
        m = j(0.04, 0.07)
        n = 4
        step = (w - 2 * m) / n
        for by in range(n):
            for bx in range(n):
                k = rng.uniform(-25, 25)
                tone = tuple(int(np.clip(c + k, 0, 255)) for c in colour)
                d.rectangle([x0 + m + bx * step, y0 + m + by * step, x0 + m + (bx + 1) * step,
                             y0 + m + (by + 1) * step], fill=tone)
    elif kind == "glossy":  # an app's glossy tile: a rounded square, a lighter sheen over its top half
        m = j(0.06, 0.1)
        d.rounded_rectangle([x0 + m, y0 + m, x1 - m, y1 - m], radius=0.15 * w, fill=colour,
                            outline=tuple(max(0, c - 25) for c in colour), width=max(1, round(0.04 * w)))
        sheen = tuple(round(c + 0.3 * (255 - c)) for c in colour)
        d.rounded_rectangle([x0 + m + 0.08 * w, y0 + m + 0.06 * w, x1 - m - 0.08 * w, y0 + w * rng.uniform(0.4, 0.48)],
                            radius=0.1 * w, fill=sheen)
    elif kind == "smear":  # a solid fill smeared on one side: a fading trail of ink into the next cell
        m = j(0.03, 0.06)
        d.rectangle([x0 + m, y0 + m, x1 - m, y1 - m], fill=colour)
        side = max(4, round(w))
        tail = rng.uniform(0.12, 0.2)
        t = np.linspace(0, 1, side, dtype=np.float32)
        ramp = np.clip(1 - t / tail, 0, 1) * rng.uniform(0.3, 0.4)
        lo, hi = round(side * 0.15), round(side * 0.85)
        alpha = np.zeros((side, side), np.float32)
        if rng.random() < 0.5:  # to the right
            alpha[lo:hi, :] = ramp[None, :]
            at = (round(x1 - m), round(y0))
        else:  # downwards
            alpha[:, lo:hi] = ramp[:, None]
            at = (round(x0), round(y1 - m))
        alpha = cv2.GaussianBlur(alpha, (0, 0), 1.0)
        img.paste(colour, at, Image.fromarray((alpha * 255).astype(np.uint8)))
    elif kind in HELDOUT11_FILLS:
        _draw_fill_h11(img, d, box, kind, colour, rng)
    elif kind in HELDOUT12_FILLS:
        _draw_fill_h12(img, d, box, kind, colour, rng)
    elif kind in HELDOUT13_FILLS:
        _draw_fill_h13(img, d, box, kind, colour, rng)
    elif kind in HELDOUT14_FILLS:
        _draw_fill_h14(img, d, box, kind, colour, rng)
    else:
        raise ValueError(kind)


HELDOUT11_FILLS = ("sticker", "halftone", "mottled", "two_tone", "palette", "loops", "radial", "light_pencil",
                   "light_tone", "outline_rounded")
# Pixel-art colours an image model picks when it turns the solution into a picture (no pale ones)
PALETTE = ((200, 45, 45), (35, 90, 190), (30, 130, 70), (225, 120, 25), (110, 50, 150), (40, 40, 45))


def _draw_fill_h11(img: Image.Image, d: ImageDraw.ImageDraw, box, kind: str, colour, rng: random.Random) -> None:
    """HELDOUT11's fills and planted marks: ``sticker`` an app's dark rounded tile with a thin white inner line,
    ``halftone`` a printed dot screen (about 70 % inked), ``mottled`` a diffusion model's uneven dark tile,
    ``two_tone`` a dark frame around a mid-grey centre, ``palette`` pixel art (a colour per cell), ``loops`` a
    pen's looping scribble, ``radial`` a dark tile lighter towards its centre; planted errors ``light_pencil``
    (light grey pencil shading), ``light_tone`` (a light grey 205-220 square), ``outline_rounded`` (a thick
    rounded frame, white inside)."""
    x0, y0, x1, y1 = box
    w = x1 - x0
    j = lambda a, b: rng.uniform(a, b) * w  # noqa: E731
    side = max(4, round(w))
    if kind == "sticker":
        m = j(0.06, 0.1)
        d.rounded_rectangle([x0 + m, y0 + m, x1 - m, y1 - m], radius=0.18 * w, fill=colour)
        t = m + j(0.12, 0.16)
        d.rounded_rectangle([x0 + t, y0 + t, x1 - t, y1 - t], radius=0.1 * w, outline=(245, 245, 245),
                            width=max(1, round(0.04 * w)))
    elif kind == "halftone":  # round dots on a square screen, nearly touching
        pitch = w / rng.uniform(5.0, 6.5)
        r = pitch * rng.uniform(0.45, 0.5)
        yy, xx = np.mgrid[0:side, 0:side].astype(np.float32)
        ox, oy = rng.uniform(0, pitch), rng.uniform(0, pitch)
        fx, fy = (xx - ox) / pitch, (yy - oy) / pitch
        dist = np.hypot(fx - np.round(fx), fy - np.round(fy)) * pitch
        alpha = (dist < r).astype(np.uint8) * 255
        m = round(0.06 * side)
        alpha[:m], alpha[-m:], alpha[:, :m], alpha[:, -m:] = 0, 0, 0, 0
        img.paste(colour, (round(x0), round(y0)), Image.fromarray(alpha))
    elif kind == "mottled":  # an uneven dark tile with blotches of a lighter and darker tone, soft edges
        g = np.random.default_rng(rng.randrange(1 << 30))
        blot = cv2.GaussianBlur(g.normal(0, 1, (side, side)).astype(np.float32), (0, 0), side / 6)
        blot /= max(1e-6, float(blot.std()))
        tone = np.clip(np.array(colour, np.float32)[None, None, :] + rng.uniform(18, 26) * blot[:, :, None], 0, 255)
        mask = Image.new("L", (side, side), 0)
        m = j(0.05, 0.09)
        ImageDraw.Draw(mask).rounded_rectangle([m, m, side - 1 - m, side - 1 - m], radius=0.08 * w, fill=255)
        mask = Image.fromarray(cv2.GaussianBlur(np.asarray(mask, np.float32), (0, 0), 0.8).astype(np.uint8))
        img.paste(Image.fromarray(tone.astype(np.uint8)), (round(x0), round(y0)), mask)
    elif kind == "two_tone":
        m, t = j(0.03, 0.06), j(0.18, 0.24)
        d.rectangle([x0 + m, y0 + m, x1 - m, y1 - m], fill=colour)
        g = round(rng.uniform(150, 175))
        d.rectangle([x0 + t, y0 + t, x1 - t, y1 - t], fill=(g, g, g))
    elif kind == "palette":
        m = j(0.02, 0.05)
        d.rectangle([x0 + m, y0 + m, x1 - m, y1 - m], fill=rng.choice(PALETTE))
    elif kind == "loops":  # three or four rows of pen loops (a prolate cycloid), joined into one stroke
        n = rng.randint(3, 4)
        width = max(2, round(w / rng.uniform(7, 9)))
        pts = []
        for k in range(n):
            yc = y0 + w * (0.2 + 0.6 * k / (n - 1))
            loops = rng.uniform(3.0, 4.0)
            b = 0.8 * w / loops / 2 * rng.uniform(1.2, 1.5)
            ts = np.linspace(0, 2 * math.pi * loops, 60)
            xs = x0 + 0.15 * w + ts / ts[-1] * 0.7 * w - 0.4 * b * np.sin(ts)
            xs = xs if k % 2 == 0 else xs[::-1]
            ys = yc - 0.3 * w / (n - 1) * rng.uniform(0.8, 1.0) * np.cos(ts)
            pts += list(zip(xs.tolist(), ys.tolist()))
        d.line(pts, fill=colour, width=width, joint="curve")
    elif kind == "radial":
        m = j(0.04, 0.07)
        yy, xx = np.mgrid[0:side, 0:side].astype(np.float32)
        r = np.hypot(xx - side / 2, yy - side / 2) / (side / 2)
        lift = rng.uniform(70, 95) * np.clip(1 - r, 0, 1) ** 1.2
        tone = np.clip(np.array(colour, np.float32)[None, None, :] + lift[:, :, None], 0, 255).astype(np.uint8)
        mask = Image.new("L", (side, side), 0)
        ImageDraw.Draw(mask).rectangle([m, m, side - 1 - m, side - 1 - m], fill=255)
        img.paste(Image.fromarray(tone), (round(x0), round(y0)), mask)
    elif kind == "light_pencil":  # dense light grey pencil strokes, the paper showing only between a few
        tone = round(rng.uniform(198, 212))
        y = y0 + 0.12 * w
        width = max(2, round(w / 6))
        while y < y1 - 0.1 * w:
            d.line([(x0 + 0.1 * w + t * 0.8 * w, y + rng.uniform(-1.0, 1.0)) for t in np.linspace(0, 1, 5)],
                   fill=(tone, tone, tone + 3), width=width)
            y += w / rng.uniform(7, 8.5)
    elif kind == "light_tone":
        g = round(rng.uniform(205, 220))
        d.rectangle([x0 + j(0.04, 0.08), y0 + j(0.04, 0.08), x1 - j(0.04, 0.08), y1 - j(0.04, 0.08)], fill=(g, g, g))
    elif kind == "outline_rounded":
        m, t = j(0.03, 0.05), rng.uniform(0.22, 0.27) * w
        d.rounded_rectangle([x0 + m, y0 + m, x1 - m, y1 - m], radius=0.2 * w, fill=colour)
        d.rounded_rectangle([x0 + t, y0 + t, x1 - t, y1 - t], radius=0.08 * w, fill=(255, 255, 255))


def _draw_empty(d: ImageDraw.ImageDraw, box, kind: str, rng: random.Random) -> None:
    x0, y0, x1, y1 = box
    w = x1 - x0
    ink = (30, 30, 30)
    if kind == "mixed":
        kind = rng.choice(("x", "dot", "none", "x"))
    if kind == "none":
        return
    if kind in ("x", "heavy_x"):
        width = max(2, round(w * (rng.uniform(0.05, 0.1) if kind == "x" else rng.uniform(0.15, 0.18))))
        m = rng.uniform(0.12, 0.22) * w
        d.line([(x0 + m, y0 + m), (x1 - m, y1 - m)], fill=ink, width=width)
        d.line([(x0 + m, y1 - m), (x1 - m, y0 + m)], fill=ink, width=width)
    elif kind == "slash":
        m = rng.uniform(0.15, 0.25) * w
        d.line([(x0 + m, y1 - m), (x1 - m, y0 + m)], fill=ink, width=max(2, round(w * 0.08)))
    elif kind == "dot":
        cx, cy, r = (x0 + x1) / 2, (y0 + y1) / 2, rng.uniform(0.06, 0.12) * w
        d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=ink)
    elif kind == "dash":
        half, cy = rng.uniform(0.15, 0.28) * w, (y0 + y1) / 2 + rng.uniform(-0.05, 0.05) * w
        cx = (x0 + x1) / 2
        d.line([(cx - half, cy), (cx + half, cy + rng.uniform(-0.03, 0.03) * w)], fill=ink, width=max(2, round(w * 0.07)))
    elif kind in ("small_x", "pencil_x"):
        m = rng.uniform(0.3, 0.36) * w if kind == "small_x" else rng.uniform(0.15, 0.22) * w
        colour = ink if kind == "small_x" else (150, 150, 155)
        width = max(1, round(w * (0.05 if kind == "small_x" else 0.04)))
        d.line([(x0 + m, y0 + m), (x1 - m, y1 - m)], fill=colour, width=width)
        d.line([(x0 + m, y1 - m), (x1 - m, y0 + m)], fill=colour, width=width)
    elif kind == "backslash":
        m = rng.uniform(0.15, 0.25) * w
        d.line([(x0 + m, y0 + m), (x1 - m, y1 - m)], fill=ink, width=max(2, round(w * 0.07)))
    elif kind == "tiny_dot":
        cx, cy, r = (x0 + x1) / 2, (y0 + y1) / 2, max(1.0, rng.uniform(0.03, 0.05) * w)
        d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=ink)
    elif kind == "thin_x_grey":
        m = rng.uniform(0.1, 0.15) * w
        width = max(1, round(w * 0.04))
        d.line([(x0 + m, y0 + m), (x1 - m, y1 - m)], fill=(120, 120, 125), width=width)
        d.line([(x0 + m, y1 - m), (x1 - m, y0 + m)], fill=(120, 120, 125), width=width)
    elif kind == "ring":
        cx, cy, r = (x0 + x1) / 2, (y0 + y1) / 2, rng.uniform(0.12, 0.18) * w
        d.ellipse([cx - r, cy - r, cx + r, cy + r], outline=ink, width=max(1, round(w * 0.05)))
    elif kind == "plus":
        cx, cy, r = (x0 + x1) / 2, (y0 + y1) / 2, rng.uniform(0.15, 0.22) * w
        width = max(1, round(w * 0.06))
        d.line([(cx - r, cy), (cx + r, cy)], fill=ink, width=width)
        d.line([(cx, cy - r), (cx, cy + r)], fill=ink, width=width)
    elif kind == "typed_x":  # the letter x typed in the cell
        font = ImageFont.truetype(str(_font_dir() / "DejaVuSans.ttf"), max(6, round(w * rng.uniform(0.5, 0.65))))
        d.text(((x0 + x1) / 2, (y0 + y1) / 2), "x", font=font, fill=ink, anchor="mm")
    elif kind == "red_x":  # an X in a red pen, a little off centre
        m, off = rng.uniform(0.18, 0.26) * w, (rng.uniform(-0.05, 0.05) * w, rng.uniform(-0.05, 0.05) * w)
        width = max(2, round(w * rng.uniform(0.06, 0.09)))
        red = (200, 35, 35)
        d.line([(x0 + m + off[0], y0 + m + off[1]), (x1 - m + off[0], y1 - m + off[1])], fill=red, width=width)
        d.line([(x0 + m + off[0], y1 - m + off[1]), (x1 - m + off[0], y0 + m + off[1])], fill=red, width=width)
    elif kind == "typed_times":  # the multiplication sign typed in the cell
        font = ImageFont.truetype(str(_font_dir() / "DejaVuSans.ttf"), max(6, round(w * rng.uniform(0.55, 0.7))))
        d.text(((x0 + x1) / 2, (y0 + y1) / 2), "\u00d7", font=font, fill=ink, anchor="mm")
    elif kind == "curved_x":  # a hand's X: two strokes bowed a little, one longer than the other
        m = rng.uniform(0.16, 0.24) * w
        width = max(2, round(w * rng.uniform(0.05, 0.08)))
        for (ax, ay), (bx, by) in (((x0 + m, y0 + m), (x1 - m, y1 - m)), ((x0 + m, y1 - m), (x1 - m + rng.uniform(0.0, 0.06) * w, y0 + m))):
            bow = rng.uniform(-0.08, 0.08) * w
            nx, ny = (by - ay), -(bx - ax)
            ln = math.hypot(nx, ny)
            pts = [(ax + t * (bx - ax) + bow * math.sin(math.pi * t) * nx / ln,
                    ay + t * (by - ay) + bow * math.sin(math.pi * t) * ny / ln) for t in np.linspace(0, 1, 12)]
            d.line(pts, fill=ink, width=width, joint="curve")
    elif kind == "typed_bullet":  # a typed bullet
        font = ImageFont.truetype(str(_font_dir() / "DejaVuSans.ttf"), max(6, round(w * rng.uniform(0.45, 0.6))))
        d.text(((x0 + x1) / 2, (y0 + y1) / 2), "\u2022", font=font, fill=ink, anchor="mm")
    elif kind == "blue_x":  # a thin X in a blue ballpoint pen
        m = rng.uniform(0.2, 0.27) * w
        width = max(1, round(w * rng.uniform(0.04, 0.06)))
        blue = (35, 60, 165)
        d.line([(x0 + m, y0 + m + rng.uniform(-0.03, 0.03) * w), (x1 - m, y1 - m)], fill=blue, width=width)
        d.line([(x0 + m, y1 - m), (x1 - m, y0 + m + rng.uniform(-0.03, 0.03) * w)], fill=blue, width=width)
    elif kind == "typed_ballot_x":  # the ballot X (U+2717) typed in the cell
        font = ImageFont.truetype(str(_font_dir() / "DejaVuSans.ttf"), max(6, round(w * rng.uniform(0.5, 0.62))))
        d.text(((x0 + x1) / 2, (y0 + y1) / 2), "\u2717", font=font, fill=ink, anchor="mm")
    elif kind == "grey_disc":  # a soft light-grey dot, as an app marks a cell it knows is empty
        cx, cy, r = (x0 + x1) / 2, (y0 + y1) / 2, rng.uniform(0.1, 0.14) * w
        d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=(165, 165, 170))
    elif kind == "typed_endash":  # an en dash typed in the cell
        font = ImageFont.truetype(str(_font_dir() / "DejaVuSans.ttf"), max(6, round(w * rng.uniform(0.5, 0.62))))
        d.text(((x0 + x1) / 2, (y0 + y1) / 2), "\u2013", font=font, fill=ink, anchor="mm")
    elif kind == "tint_x":  # an app's pale cell with a light X
        d.rectangle([x0 + 2, y0 + 2, x1 - 2, y1 - 2], fill=(238, 240, 244))
        m = rng.uniform(0.25, 0.3) * w
        width = max(1, round(w * 0.04))
        d.line([(x0 + m, y0 + m), (x1 - m, y1 - m)], fill=(150, 155, 165), width=width)
        d.line([(x0 + m, y1 - m), (x1 - m, y0 + m)], fill=(150, 155, 165), width=width)
    elif kind == "tint_dot":  # an app's pale cell with a small dot
        g = round(rng.uniform(239, 244))
        d.rectangle([x0 + 2, y0 + 2, x1 - 2, y1 - 2], fill=(g, g, g))
        cx, cy, r = (x0 + x1) / 2, (y0 + y1) / 2, rng.uniform(0.06, 0.09) * w
        d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=(60, 60, 65))
    elif kind == "typed_bold_X":  # a typed bold capital X: small for an empty cell
        font = ImageFont.truetype(str(_font_dir() / "DejaVuSans-Bold.ttf"), max(6, round(w * rng.uniform(0.5, 0.6))))
        d.text(((x0 + x1) / 2, (y0 + y1) / 2), "X", font=font, fill=(40, 40, 45), anchor="mm")
    elif kind == "big_dot":
        cx, cy, r = (x0 + x1) / 2, (y0 + y1) / 2, rng.uniform(0.14, 0.18) * w
        d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=(25, 25, 25))
    elif kind == "skew_x":  # a quick ballpoint X: the strokes turned 5-15 deg off the diagonals
        cx, cy = (x0 + x1) / 2 + rng.uniform(-0.04, 0.04) * w, (y0 + y1) / 2 + rng.uniform(-0.04, 0.04) * w
        width = max(2, round(w * rng.uniform(0.05, 0.07)))
        for base in (45, 135):
            a = math.radians(base + rng.choice((-1, 1)) * rng.uniform(5, 15))
            half = rng.uniform(0.25, 0.32) * w
            d.line([(cx - half * math.cos(a), cy - half * math.sin(a)),
                    (cx + half * math.cos(a), cy + half * math.sin(a))], fill=(30, 35, 80), width=width)
    elif kind == "typed_bold_X_heavy":  # a typed bold capital X filling most of the cell (a cross, heavy)
        font = ImageFont.truetype(str(_font_dir() / "DejaVuSans-Bold.ttf"), max(6, round(w * rng.uniform(0.85, 0.95))))
        d.text(((x0 + x1) / 2, (y0 + y1) / 2), "X", font=font, fill=(25, 25, 25), anchor="mm")
    elif kind == "heavy_x_round":  # a heavy X (a sixth of the cell wide) with round ends
        width = max(2, round(w * rng.uniform(0.16, 0.2)))
        m = rng.uniform(0.15, 0.2) * w
        for a, b in (((x0 + m, y0 + m), (x1 - m, y1 - m)), ((x0 + m, y1 - m), (x1 - m, y0 + m))):
            d.line([a, b], fill=ink, width=width)
            for cx, cy in (a, b):
                d.ellipse([cx - width / 2, cy - width / 2, cx + width / 2, cy + width / 2], fill=ink)
    elif kind in HELDOUT12_MARKS:
        _draw_empty_h12(d, box, kind, rng)
    elif kind in HELDOUT13_MARKS:
        _draw_empty_h13(d, box, kind, rng)
    elif kind in HELDOUT14_MARKS:
        _draw_empty_h14(d, box, kind, rng)


def solved_with_a_clue_changed(puzzle, font_file: str, rng: random.Random, change: tuple[str, int, Any]
                               ) -> np.ndarray:
    """``puzzle``'s input with its solution filled in black and its clues written again in ``font_file`` with
    ``change`` = (kind, line, new last symbol) (see :func:`_redraw_clues`): a solved page whose one clue differs."""
    img = puzzle.input_image.convert("RGB").copy()
    _redraw_clues(img, puzzle.layout, puzzle.ground_truth["row_clues"], puzzle.ground_truth["col_clues"], font_file,
                  rng, change)
    draw = ImageDraw.Draw(img)
    for r, line in enumerate(puzzle.ground_truth["solution"]):
        for c, v in enumerate(line):
            if v:
                draw.rectangle(cell_box(puzzle.layout, r, c), fill=(10, 10, 10))
    return np.asarray(img)


def _redraw_clues(img: Image.Image, layout: dict[str, Any], row_clues, col_clues, font_file: str,
                  rng: random.Random, change: tuple[str, int, int] | None = None, style: Style | None = None) -> None:
    """Erase the clue areas and write the clues again in ``font_file`` (a slightly different size and
    spacing, ``style``'s pen); ``change`` = (kind, line, new value) replaces the last number of one line."""
    d = ImageDraw.Draw(img)
    gx0, gy0, gx1, gy1 = layout["grid_bbox"]
    rb, cb = layout["row_clue_bbox"], layout["col_clue_bbox"]
    d.rectangle([0, rb[1] + 3, rb[2] - 2, rb[3] - 3], fill=(255, 255, 255))
    d.rectangle([cb[0] + 3, 0, cb[2] - 3, cb[3] - 2], fill=(255, 255, 255))
    pen = dict(fill=style.clue_colour if style else (0, 0, 0), stroke_width=style.clue_stroke if style else 0)
    pen["stroke_fill"] = pen["fill"]
    px = round(layout["clue_font_px"] * rng.uniform(*(style.clue_scale if style else (0.9, 1.1))))
    font = ImageFont.truetype(str(font_path(font_file)), px)
    rows, cols = layout["rows"], layout["cols"]
    ch, cw = (gy1 - gy0) / rows, (gx1 - gx0) / cols
    gap = px * rng.uniform(*(style.clue_gap if style else (0.45, 0.7)))

    def values(kind, i, clue):
        v = [str(x) for x in clue] or ["0"]
        if change and change[0] == kind and change[1] == i:
            v[-1] = str(change[2])
        return v

    for r, clue in enumerate(row_clues):
        x = gx0 - layout["cell_px"] * 0.3
        cy = gy0 + (r + 0.5) * ch
        for t in reversed(values("row", r, clue)):
            wt = d.textlength(t, font=font)
            d.text((x - wt / 2, cy), t, font=font, anchor="mm", **pen)
            x -= wt + gap
    slot = px * rng.uniform(1.15, 1.3)
    for c, clue in enumerate(col_clues):
        cx = gx0 + (c + 0.5) * cw
        items = values("col", c, clue)
        for k, t in enumerate(items):
            cy = gy0 - layout["cell_px"] * 0.3 - (len(items) - k - 0.5) * slot
            d.text((cx, cy), t, font=font, anchor="mm", **pen)


# ------------------------------------------------------------------------------------------ effects


def _effects(a: np.ndarray, effects: tuple[str, ...], rng: random.Random) -> np.ndarray:
    h, w = a.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    out = a.astype(np.float32)
    for e in effects:
        if e == "shadow_linear":  # one side 25-40 % darker, a straight ramp in a random direction
            ang = rng.uniform(0, 2 * math.pi)
            t = (xx - w / 2) * math.cos(ang) + (yy - h / 2) * math.sin(ang)
            t = (t - t.min()) / max(1e-6, float(t.max() - t.min()))
            out *= (1.0 - rng.uniform(0.25, 0.4) * t)[:, :, None]
        elif e == "shadow_edge":  # a soft shadow edge across a third of the page
            ang = rng.uniform(0, 2 * math.pi)
            t = (xx - w / 2) * math.cos(ang) + (yy - h / 2) * math.sin(ang)
            t = t / (0.5 * math.hypot(w, h))
            s = 1.0 / (1.0 + np.exp(-(t - rng.uniform(-0.2, 0.2)) / 0.12))
            out *= (1.0 - rng.uniform(0.25, 0.4) * s)[:, :, None]
        elif e == "shadow_corner":  # a soft round shadow (a hand, a phone) over one corner, 30-45 % darker
            cx, cy = rng.choice((0, w)), rng.choice((0, h))
            r = np.hypot(xx - cx, yy - cy) / math.hypot(w, h)
            s = 1.0 / (1.0 + np.exp((r - rng.uniform(0.45, 0.65)) / 0.08))
            out *= (1.0 - rng.uniform(0.3, 0.45) * s)[:, :, None]
        elif e == "vignette":
            r = np.hypot((xx - w / 2) / (w / 2), (yy - h / 2) / (h / 2))
            out *= (1.0 - rng.uniform(0.2, 0.3) * np.clip(r - 0.3, 0, None) ** 1.5)[:, :, None]
        elif e == "texture":
            g = np.random.default_rng(rng.randrange(2**32))
            low = cv2.GaussianBlur(g.normal(0, 1, (h, w)).astype(np.float32), (0, 0), 6)
            low /= max(1e-6, float(low.std()))
            out *= (1.0 + 0.025 * low)[:, :, None]
            out += g.normal(0, 4, (h, w, 1)).astype(np.float32)
        elif e == "tint":
            out *= np.array([rng.uniform(0.95, 1.0), rng.uniform(0.9, 0.97), rng.uniform(0.78, 0.9)], np.float32)
        elif e == "blur":
            out = cv2.GaussianBlur(out, (0, 0), 0.8)
        elif e == "washed":  # a washed-out photo: contrast 0.7-0.8, a warm cast
            k = rng.uniform(0.7, 0.8)
            out = 255.0 - (255.0 - out) * k
            out *= np.array([1.0, rng.uniform(0.96, 0.99), rng.uniform(0.9, 0.95)], np.float32)
        elif e == "halo":  # a phone's sharpening (bright and dark halos at every edge) and sensor noise
            soft = cv2.GaussianBlur(out, (0, 0), rng.uniform(1.2, 1.8))
            out = out + rng.uniform(0.8, 1.2) * (out - soft)
            out += np.random.default_rng(rng.randrange(2**32)).normal(0, 5, (h, w, 1)).astype(np.float32)
        elif e == "motion_blur":  # the camera moved 2-3 px while the picture was taken
            n = rng.randint(3, 4)
            kern = np.zeros((n, n), np.float32)
            if rng.random() < 0.5:
                kern[n // 2, :] = 1.0
            else:
                np.fill_diagonal(kern, 1.0)
            out = cv2.filter2D(out, -1, kern / kern.sum())
        elif e == "notebook":  # ruled notebook paper: pale blue lines across the page, a red margin line
            pitch = rng.uniform(24, 34)
            paper = np.ones((h, w, 3), np.float32)
            for y in np.arange(rng.uniform(0, pitch), h, pitch):
                paper[int(y):int(y) + 2] *= np.array([0.72, 0.82, 0.95], np.float32)
            mx = round(w * rng.uniform(0.03, 0.07))
            paper[:, mx:mx + 2] *= np.array([0.95, 0.6, 0.6], np.float32)
            out *= paper
        elif e == "graph_paper":  # light cyan squared paper of its own pitch under the puzzle
            pitch = rng.uniform(14, 22)
            paper = np.ones((h, w), np.float32)
            for v in np.arange(rng.uniform(0, pitch), max(h, w), pitch):
                paper[int(v):int(v) + 1, :] = 0.85
                paper[:, int(v):int(v) + 1] = 0.85
            out *= np.stack([paper * 0.97 + 0.03, paper * 0.5 + 0.5, paper * 0.3 + 0.7], axis=2)
        elif e == "fold":  # a fold's crease across the page: one side 6-12 % darker (a sharp step), a dark
            # line with a bright rim along the crease
            vertical = rng.random() < 0.5
            n = w if vertical else h
            at = rng.uniform(0.3, 0.7) * n
            t = (xx if vertical else yy) - at
            light = np.where(t > 0, 1 - rng.uniform(0.06, 0.12), 1.0).astype(np.float32)
            light *= 1 - 0.18 * np.exp(-(t / 1.2) ** 2) + 0.05 * np.exp(-((t + 3) / 2.0) ** 2)
            out = np.minimum(out * light[:, :, None], 255)
        elif e == "glare":  # a flash's glare washing out a round region of the page
            cx, cy = rng.uniform(0.25, 0.75) * w, rng.uniform(0.25, 0.75) * h
            r = rng.uniform(0.18, 0.28) * math.hypot(w, h)
            g = rng.uniform(0.45, 0.6) * np.exp(-(((xx - cx) ** 2 + (yy - cy) ** 2) / (2 * (r / 2) ** 2)))
            out = out + (255 - out) * g[:, :, None]
        elif e == "barrel":  # a phone lens' barrel distortion
            k = rng.uniform(0.03, 0.06)
            nx, ny = (xx - w / 2) / (w / 2), (yy - h / 2) / (h / 2)
            f = 1 + k * (nx * nx + ny * ny)
            out = cv2.remap(out, (nx * f * w / 2 + w / 2).astype(np.float32), (ny * f * h / 2 + h / 2).astype(np.float32),
                            cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT, borderValue=(255, 255, 255))
        elif e == "page_curl":  # the page curls up off the desk along one side: rows bow, the curled side
            # is foreshortened and shaded
            side = rng.choice(("left", "right"))
            u = xx / w if side == "right" else 1 - xx / w  # 0 at the flat side, 1 at the curl
            lift = np.clip((u - rng.uniform(0.45, 0.6)) / 0.45, 0, 1) ** 2
            bow = rng.uniform(0.015, 0.03) * h * lift * (yy - h / 2) / (h / 2)
            squeeze = rng.uniform(0.02, 0.035) * w * lift * (1 if side == "right" else -1)
            out = cv2.remap(out, (xx + squeeze).astype(np.float32), (yy + bow).astype(np.float32), cv2.INTER_LINEAR,
                            borderMode=cv2.BORDER_CONSTANT, borderValue=(200, 195, 185))
            out *= (1 - rng.uniform(0.12, 0.2) * lift)[:, :, None]
        elif e == "newsprint":  # printed in a newspaper: a 45 deg halftone screen on yellowed newsprint
            pitch = rng.uniform(3.2, 4.2)
            grey = (0.299 * out[:, :, 0] + 0.587 * out[:, :, 1] + 0.114 * out[:, :, 2]) / 255
            u, v = (xx + yy) / math.sqrt(2), (xx - yy) / math.sqrt(2)
            screen = (np.cos(2 * math.pi * u / pitch) + np.cos(2 * math.pi * v / pitch)) / 4 + 0.5
            ink = (1 - grey) > screen * 0.98 + 0.01
            paper = np.array([rng.uniform(228, 238), rng.uniform(220, 230), rng.uniform(195, 210)], np.float32)
            out = np.where(ink[:, :, None], np.float32(35), paper[None, None, :]).astype(np.float32)
            out = cv2.GaussianBlur(out, (0, 0), 0.55)
        elif e == "screen_moire":  # a photo of a screen: moire bands, the screen's glow, a soft focus
            ang = rng.uniform(0, math.pi)
            p1, p2 = rng.uniform(3.0, 5.0), rng.uniform(40, 90)
            t = xx * math.cos(ang) + yy * math.sin(ang)
            band = 0.5 + 0.5 * np.cos(2 * math.pi * t / p2)
            moire = 1 - rng.uniform(0.05, 0.09) * band * (0.5 + 0.5 * np.cos(2 * math.pi * t / p1))
            out = out * moire[:, :, None] * np.array([0.93, 0.97, 1.0], np.float32) + 8
            out = cv2.GaussianBlur(out, (0, 0), 0.7)
        elif e == "crumpled":  # crumpled and flattened again: faceted shading with faint crease lines
            light = np.zeros((h, w), np.float32)
            for _ in range(rng.randint(5, 8)):
                ang = rng.uniform(0, math.pi)
                dist = (xx - rng.uniform(0, w)) * math.cos(ang) + (yy - rng.uniform(0, h)) * math.sin(ang)
                light += rng.uniform(0.5, 1.0) * np.abs(dist) / math.hypot(w, h)
                out *= (1 - rng.uniform(0.05, 0.09) * np.exp(-(dist / 0.8) ** 2))[:, :, None]
            light = (light - light.min()) / max(1e-6, float(light.max() - light.min()))
            out *= (1 - rng.uniform(0.1, 0.16) * light)[:, :, None]
        elif e == "chromatic":  # a cheap lens: red and blue shifted apart by a pixel, colour noise
            sx = rng.choice((-1, 1))
            out[:, :, 0] = np.roll(out[:, :, 0], sx, axis=1)
            out[:, :, 2] = np.roll(out[:, :, 2], -sx, axis=1)
            out += np.random.default_rng(rng.randrange(1 << 30)).normal(0, 4, (h, w, 3)).astype(np.float32)
        elif e == "aged_paper":  # old yellowed paper: brown stains (tide rings) and foxing specks
            out *= np.array([0.96, 0.9, 0.74], np.float32)
            g = np.random.default_rng(rng.randrange(1 << 30))
            for _ in range(rng.randint(2, 4)):
                cx, cy, r = rng.uniform(0, w), rng.uniform(0, h), rng.uniform(0.08, 0.2) * min(h, w)
                dist = np.hypot(xx - cx, yy - cy) / r
                stain = 0.06 * (dist < 1) + 0.08 * np.exp(-((dist - 1) / 0.04) ** 2)
                out *= (1 - stain[:, :, None] * np.array([0.6, 0.9, 1.3], np.float32))
            for _ in range(rng.randint(15, 30)):
                cx, cy, r = g.uniform(0, w), g.uniform(0, h), g.uniform(0.6, 1.5)
                spot = np.exp(-((xx - cx) ** 2 + (yy - cy) ** 2) / (2 * r * r))
                out *= (1 - 0.35 * spot[:, :, None] * np.array([0.5, 0.8, 1.0], np.float32))
        elif e == "sepia":  # an old photo's sepia toning
            grey = 0.299 * out[:, :, 0] + 0.587 * out[:, :, 1] + 0.114 * out[:, :, 2]
            out = grey[:, :, None] * np.array([1.0, 0.89, 0.7], np.float32) + np.array([18, 10, 0], np.float32)
            out += np.random.default_rng(rng.randrange(1 << 30)).normal(0, 5, (h, w, 1)).astype(np.float32)
        elif e == "grain":  # film grain, a little clumped
            g = cv2.GaussianBlur(np.random.default_rng(rng.randrange(1 << 30)).normal(0, 1, (h, w)).astype(np.float32),
                                 (0, 0), 0.8)
            out += (g / max(1e-6, float(g.std())) * rng.uniform(6, 9))[:, :, None]
        elif e == "wobble":  # lines wobbling by a pixel or two, as an image model redraws them
            g = np.random.default_rng(rng.randrange(1 << 30))
            amp = rng.uniform(1.0, 1.8)
            fx = cv2.GaussianBlur(g.normal(0, 1, (h, w)).astype(np.float32), (0, 0), 18)
            fy = cv2.GaussianBlur(g.normal(0, 1, (h, w)).astype(np.float32), (0, 0), 18)
            fx *= amp / max(1e-6, float(fx.std()))
            fy *= amp / max(1e-6, float(fy.std()))
            out = cv2.remap(out, xx + fx, yy + fy, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
        elif e == "dim":  # a photo in low light: paper at 55-65 % brightness, a warm cast, sensor noise
            k = rng.uniform(0.55, 0.65)
            out = out * k * np.array([1.0, 0.95, 0.85], np.float32) + 6
            out += np.random.default_rng(rng.randrange(1 << 30)).normal(0, 3.5, (h, w, 3)).astype(np.float32)
        elif e == "pincushion":  # a tele lens' pincushion distortion (corners pulled out)
            k = rng.uniform(0.025, 0.045)
            nx, ny = (xx - w / 2) / (w / 2), (yy - h / 2) / (h / 2)
            f = 1 - k * (nx * nx + ny * ny)
            out = cv2.remap(out, (nx * f * w / 2 + w / 2).astype(np.float32), (ny * f * h / 2 + h / 2).astype(np.float32),
                            cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT, borderValue=(255, 255, 255))
        elif e == "painterly":  # an image model's smooth redraw: edge-preserving smoothing, textures wiped
            out = cv2.bilateralFilter(np.clip(out, 0, 255).astype(np.uint8), 7, 60, 5).astype(np.float32)
            out = cv2.GaussianBlur(out, (0, 0), 0.5)
        elif e == "offwhite":  # an image model's off-white paper: a cream tone, light falling off unevenly,
            # faint fibres
            g = np.random.default_rng(rng.randrange(1 << 30))
            light = cv2.GaussianBlur(g.normal(0, 1, (h, w)).astype(np.float32), (0, 0), max(h, w) / 6)
            light = 1 + 0.035 * light / max(1e-6, float(light.std()))
            fibres = Image.new("L", (w, h), 0)
            fd = ImageDraw.Draw(fibres)
            for _ in range(int(h * w / 2500)):
                x, y, a = g.uniform(0, w), g.uniform(0, h), g.uniform(0, math.pi)
                n = g.uniform(3, 10)
                fd.line([(x, y), (x + n * math.cos(a), y + n * math.sin(a))], fill=int(g.integers(8, 18)), width=1)
            paper = np.array([rng.uniform(0.965, 0.985), rng.uniform(0.945, 0.965), rng.uniform(0.89, 0.92)],
                             np.float32)
            out *= (light * (1 - np.asarray(fibres, np.float32) / 255))[:, :, None] * paper
        elif e == "blinds":  # sunlight through window blinds: soft parallel bands of shadow across the page
            ang = rng.uniform(-0.35, 0.35) + rng.choice((0.0, math.pi / 2))
            period = rng.uniform(0.12, 0.2) * max(h, w)
            t = (xx * math.sin(ang) + yy * math.cos(ang)) / period + rng.uniform(0, 1)
            band = np.clip((np.sin(2 * math.pi * t) - 0.1) * 2.5, 0, 1)
            band = cv2.GaussianBlur(band.astype(np.float32), (0, 0), max(2.0, 0.01 * max(h, w)))
            out *= (1 - rng.uniform(0.15, 0.22) * band)[:, :, None]
        elif e == "faded_film":  # a "vintage" filter: blacks lifted, shadows teal, highlights warm
            lift, top = rng.uniform(25, 35), rng.uniform(247, 252)
            out = lift + out / 255 * (top - lift)
            lum = out.mean(axis=2, keepdims=True) / 255
            out += (1 - lum) * np.array([-6, 3, 8], np.float32) + lum * np.array([3, 0, -6], np.float32)
        elif e == "depth_blur":  # a phone's shallow depth of field: sharp on one side, blurred to the other
            horizontal = rng.random() < 0.5
            t = (xx / w if horizontal else yy / h)
            if rng.random() < 0.5:
                t = 1 - t
            weight = np.clip((t - 0.3) / 0.7, 0, 1)[:, :, None]
            out = out * (1 - weight) + cv2.GaussianBlur(out, (0, 0), rng.uniform(1.4, 1.8)) * weight
        elif e == "bloom":  # a soft glow: bright paper bleeding over thin dark lines
            glow = cv2.GaussianBlur(out, (0, 0), rng.uniform(3.0, 4.5))
            out = out + rng.uniform(0.3, 0.45) * np.clip(glow - out, 0, None)
        elif e == "chroma_bleed":  # colour stored at a quarter of the resolution and shifted: colour bleeds
            ycc = cv2.cvtColor(np.clip(out, 0, 255).astype(np.uint8), cv2.COLOR_RGB2YCrCb).astype(np.float32)
            for c in (1, 2):
                small = cv2.resize(ycc[:, :, c], (max(1, w // 4), max(1, h // 4)), interpolation=cv2.INTER_AREA)
                ycc[:, :, c] = np.roll(cv2.resize(small, (w, h), interpolation=cv2.INTER_LINEAR), rng.randint(1, 2),
                                       axis=1)
            out = cv2.cvtColor(np.clip(ycc, 0, 255).astype(np.uint8), cv2.COLOR_YCrCb2RGB).astype(np.float32)
        elif e == "cool_cast":  # fluorescent office light: a cool green-blue cast
            out *= np.array([rng.uniform(0.92, 0.95), rng.uniform(0.98, 1.0), rng.uniform(0.96, 1.0)], np.float32)
        elif e == "hard_shadow":  # a phone's shadow with a nearly hard edge over a quarter to 40 % of the page,
            # 20-30 % darker and a little blue
            ang = rng.uniform(0, 2 * math.pi)
            t = (xx - w / 2) * math.cos(ang) + (yy - h / 2) * math.sin(ang)
            edge = np.quantile(t, 1 - rng.uniform(0.25, 0.4))
            s = 1.0 / (1.0 + np.exp(np.clip(-(t - edge) / rng.uniform(1.5, 3.0), -50, 50)))
            out *= (1.0 - rng.uniform(0.2, 0.3) * s[:, :, None] * np.array([1.0, 0.97, 0.9], np.float32))
        elif e == "lamp":  # a desk lamp off the page: warm light falling off 25-35 % towards the far side
            cx, cy = rng.choice((-0.3, 1.3)) * w, rng.uniform(-0.3, 1.3) * h
            r = np.hypot(xx - cx, yy - cy)
            r = (r - r.min()) / max(1e-6, float(r.max() - r.min()))
            out *= (1.0 - rng.uniform(0.25, 0.35) * r ** 1.5)[:, :, None]
            out *= np.array([1.0, rng.uniform(0.95, 0.97), rng.uniform(0.86, 0.9)], np.float32)
        elif e == "clahe":  # a phone's HDR: uneven light, then local contrast equalised on the lightness
            g = np.random.default_rng(rng.randrange(1 << 30))
            light = cv2.GaussianBlur(g.normal(0, 1, (h, w)).astype(np.float32), (0, 0), max(h, w) / 5)
            out *= (1 + 0.08 * light / max(1e-6, float(light.std())))[:, :, None] * 0.92
            lab = cv2.cvtColor(np.clip(out, 0, 255).astype(np.uint8), cv2.COLOR_RGB2LAB)
            clahe = cv2.createCLAHE(clipLimit=rng.uniform(1.8, 2.5), tileGridSize=(8, 8))
            lab[:, :, 0] = clahe.apply(lab[:, :, 0])
            out = cv2.cvtColor(lab, cv2.COLOR_LAB2RGB).astype(np.float32)
        elif e == "colour_noise":  # a small sensor in poor light: blotchy colour noise, a little darker
            g = np.random.default_rng(rng.randrange(1 << 30))
            noise = cv2.GaussianBlur(g.normal(0, 1, (h, w, 3)).astype(np.float32), (0, 0), 0.7)
            out = out * rng.uniform(0.9, 0.95) + noise / max(1e-6, float(noise.std())) * rng.uniform(5, 7)
        elif e in HELDOUT12_EFFECTS:
            out = _heldout12_effect(out, e, rng)
        elif e in HELDOUT13_EFFECTS:
            out = _heldout13_effect(out, e, rng)
        elif e in HELDOUT14_EFFECTS:
            out = _heldout14_effect(out, e, rng)
    out = np.clip(out, 0, 255).astype(np.uint8)
    if "posterize" in effects:  # saved with a few colours: each channel at 5 levels, no dither
        out = (np.round(out.astype(np.float32) / 255 * 4) * (255 / 4)).astype(np.uint8)
    if "dither" in effects:  # saved as a 6-level grey palette with an ordered (Bayer 4x4) dither
        bayer = (np.array([[0, 8, 2, 10], [12, 4, 14, 6], [3, 11, 1, 9], [15, 7, 13, 5]], np.float32) + 0.5) / 16 - 0.5
        grey = cv2.cvtColor(out, cv2.COLOR_RGB2GRAY).astype(np.float32) / 255 * 5
        q = np.clip(np.floor(grey + 0.5 + np.tile(bayer, (h // 4 + 1, w // 4 + 1))[:h, :w]), 0, 5) * 51
        out = np.repeat(q.astype(np.uint8)[:, :, None], 3, axis=2)
    if "jpeg" in effects:
        out = perturb.jpeg(out, rng.randint(55, 85))
    if "jpeg_heavy" in effects:
        out = perturb.jpeg(out, rng.randint(30, 45))
    if "webp" in effects:  # returned as WebP, as some image services do
        out = _webp(out, rng.randint(45, 70))
    if "gif_palette" in effects:  # saved as a GIF: an adaptive palette of 48-96 colours, Floyd-Steinberg dither
        pal = Image.fromarray(out).quantize(colors=rng.randint(48, 96), method=Image.Quantize.MEDIANCUT,
                                            dither=Image.Dither.FLOYDSTEINBERG)
        out = np.asarray(pal.convert("RGB"))
    return out


def _webp(a: np.ndarray, quality: int) -> np.ndarray:
    ok, buf = cv2.imencode(".webp", cv2.cvtColor(a, cv2.COLOR_RGB2BGR), [cv2.IMWRITE_WEBP_QUALITY, quality])
    assert ok
    return cv2.cvtColor(cv2.imdecode(buf, cv2.IMREAD_COLOR), cv2.COLOR_BGR2RGB)


# ------------------------------------------------------------------------------------------ answers


def plant(solution: list[list[int]], error: str, rng: random.Random) -> dict[str, Any]:
    """What to draw for ``error``: cells to fill normally, cells to fill in another way, cells to cross."""
    rows, cols = len(solution), len(solution[0])
    filled = {(r, c) for r in range(rows) for c in range(cols) if solution[r][c]}
    empty = sorted({(r, c) for r in range(rows) for c in range(cols)} - filled)
    plan: dict[str, Any] = {"fill": set(filled), "light": set(), "outline": set(), "cross": set(), "clue": None}
    if error == "extra_light":
        plan["light"] = set(rng.sample(empty, min(3, len(empty))))
    elif error == "extra_outline":
        plan["outline"] = set(rng.sample(empty, 1))
    elif error == "x_instead":
        cells = set(rng.sample(sorted(filled), min(len(filled), rng.randint(1, 3))))
        plan["fill"] -= cells
        plan["cross"] = cells
    elif error == "missing":
        plan["fill"] -= set(rng.sample(sorted(filled), min(len(filled), rng.randint(1, 2))))
    elif error == "clue_changed":
        plan["clue"] = True
    return plan


def make_answer(input_image: Image.Image, layout: dict[str, Any], truth: dict[str, Any], style: Style,
                error: str = "none", seed: int = 0) -> np.ndarray:
    """The answer image (RGB uint8, input frame unless ``rescale``) for ``style`` with ``error`` planted."""
    if hasattr(style, "draw_answer"):  # a family kept in a module of its own draws its answers itself
        return style.draw_answer(input_image, layout, truth, error, seed)
    rng = random.Random(f"{style.name}:{error}:{seed}")
    solution = truth["solution"]
    plan = plant(solution, error, rng)
    img = input_image.convert("RGB").copy()
    d = ImageDraw.Draw(img)
    rows, cols = len(solution), len(solution[0])
    change = None
    if plan["clue"]:
        kind = rng.choice(("row", "col"))
        clues = truth["row_clues"] if kind == "row" else truth["col_clues"]
        line = rng.choice([i for i, c in enumerate(clues) if c] or [0])
        old = clues[line][-1] if clues[line] else 0
        change = (kind, line, rng.choice([v for v in range(1, 10) if v != old]))
    if style.clue_font or change:
        _redraw_clues(img, layout, truth["row_clues"], truth["col_clues"],
                      style.clue_font or "DejaVuSans-Bold.ttf", rng, change, style)
    if style.grid in ("block_shading", "banded_rows", "tiles"):  # HELDOUT14: cell backgrounds under the marks
        _heldout14_background(img, layout, style.grid)
    for r in range(rows):
        for c in range(cols):
            box = cell_box(layout, r, c)
            if (r, c) in plan["fill"]:
                _draw_fill(img, d, box, style.fill, style.fill_colour, rng)
            elif (r, c) in plan["light"]:
                _draw_fill(img, d, box, style.light_mark, (215, 215, 215), rng)
            elif (r, c) in plan["outline"]:
                _draw_fill(img, d, box, style.outline_mark, (15, 15, 15), rng)
            elif (r, c) in plan["cross"]:
                _draw_empty(d, box, style.cross_mark, rng)
            else:
                _draw_empty(d, box, style.empty, rng)
    _redraw_grid(d, layout, rng, style.grid)
    if "corner_badge" in style.effects:
        _draw_corner_badge(img, layout, rng)
    if "app_highlight" in style.effects:  # HELDOUT14
        _draw_app_highlight(img, layout, rng)
    out = _effects(np.asarray(img), style.effects, rng)
    if "rescale" in style.effects:
        f = rng.choice((0.7, 0.8, 1.3, 1.5))
        out = perturb.rescale(out, f, f * rng.uniform(0.97, 1.03))
    return _layout_effects(out, style.effects, rng)


LAYOUT_EFFECTS = ("tilt", "caption", "letterbox", "square1024", "dark_border", "caption_bottom", "pillarbox",
                  "keystone", "dark_surface", "rotate_dark", "squash_portrait", "margins_wide", "letterbox43_tilt",
                  "caption_shadowed", "lowres", "crop_tight", "photo", "scan", "canvas_white", "ui_chrome",
                  "watermark", "drop_shadow", "tilt_large", "card", "stretch_wide", "small_output",
                  "angle_photo", "desk_pencil", "pixelated", "frame", "signature", "chat_screenshot",
                  "phone_printout", "phone_screenshot", "messenger", "legend", "thumb", "shear", "upscale_ai",
                  "title_banner", "magazine", "coffee_ring", "clipboard", "tablet", "polaroid", "tape", "browser",
                  "sticky_note", "book_scan", "slide", "social_post", "video_frame", "projected", "spiral_pad",
                  "spreadsheet", "thermal_receipt", "print_proof", "sheet_protector", "fax", "screen_share",
                  "puzzle_page", "binder_holes")


def _draw_corner_badge(img: Image.Image, layout: dict[str, Any], rng: random.Random) -> None:
    """A green "solved" badge with a tick in the page's empty corner left of the column clues and above the
    row clues, as an image model decorates a finished puzzle."""
    gx0, gy0 = layout["grid_bbox"][:2]
    cb, rb = layout["col_clue_bbox"], layout["row_clue_bbox"]
    right, bottom = min(gx0, cb[0]), min(gy0, rb[1])
    r = 0.3 * min(right, bottom) * rng.uniform(0.85, 1.0)
    cx, cy = right / 2 + rng.uniform(-0.05, 0.05) * right, bottom / 2 + rng.uniform(-0.05, 0.05) * bottom
    d = ImageDraw.Draw(img)
    d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=(45, 160, 90), outline=(30, 120, 65), width=max(1, round(r / 12)))
    d.line([(cx - 0.45 * r, cy + 0.02 * r), (cx - 0.12 * r, cy + 0.35 * r), (cx + 0.5 * r, cy - 0.35 * r)],
           fill=(255, 255, 255), width=max(2, round(r / 5)), joint="curve")
    font = ImageFont.truetype(str(_font_dir() / "DejaVuSans-Bold.ttf"), max(8, round(r * 0.42)))
    d.text((cx, cy + r * 1.45), "SOLVED", font=font, fill=(45, 140, 80), anchor="mm")


def _layout_effects(a: np.ndarray, effects: tuple[str, ...], rng: random.Random) -> np.ndarray:
    """Page layout changes a model makes to the whole picture: a small tilt, a caption band above, black
    letterbox bars to 16:9, a squash to 1024x1024."""
    for e in effects:
        if e == "tilt":
            a = perturb.rotate(a, rng.choice((-1, 1)) * rng.uniform(1.0, 2.5))
        elif e == "caption":
            h, w = a.shape[:2]
            band = round(h * rng.uniform(0.08, 0.14))
            page = Image.fromarray(perturb.pad(a, band, 0, 0, 0))
            size = max(10, round(band * 0.45))
            font = ImageFont.truetype(str(_font_dir() / "DejaVuSans.ttf"), size)
            ImageDraw.Draw(page).text((w / 2, band / 2), "Nonogram - solved", font=font, fill=(20, 20, 20), anchor="mm")
            a = np.asarray(page)
        elif e == "letterbox":
            h, w = a.shape[:2]
            side = max(0, round((h * 16 / 9 - w) / 2))
            a = perturb.pad(a, 0, 0, side, side, color=(8, 8, 8))
        elif e == "square1024":
            a = cv2.resize(a, (1024, 1024), interpolation=cv2.INTER_AREA if a.shape[0] > 1024 else cv2.INTER_CUBIC)
        elif e == "dark_border":
            dark = rng.randint(0, 60)
            a = page_perturb.dark_border(a, rng.uniform(0.015, 0.05), (dark, dark, dark))[0]
        elif e == "caption_bottom":  # two lines of text under the puzzle
            h, w = a.shape[:2]
            band = round(h * rng.uniform(0.12, 0.18))
            page = Image.fromarray(perturb.pad(a, 0, band, 0, 0))
            font = ImageFont.truetype(str(_font_dir() / "DejaVuSerif.ttf"), max(10, round(band * 0.3)))
            draw = ImageDraw.Draw(page)
            draw.text((w / 2, h + band * 0.3), "Solution", font=font, fill=(30, 30, 30), anchor="mm")
            draw.text((w / 2, h + band * 0.7), "every clue satisfied", font=font, fill=(30, 30, 30), anchor="mm")
            a = np.asarray(page)
        elif e == "pillarbox":  # a portrait 3:4 canvas, bars above and below
            a = page_perturb.letterbox(a, 3 / 4, rng.choice((900, 1200)), (5, 5, 5))[0]
        elif e == "keystone":
            a = page_perturb.perspective(a, rng.uniform(0.004, 0.009), seed=rng.randrange(1 << 30))[0]
            a = perturb.rescale(a, 0.85, 0.85)
        elif e == "dark_surface":
            a = page_perturb.dark_margins(a, tuple(rng.uniform(0.03, 0.08) for _ in range(4)),
                                          (50, 44, 40), seed=rng.randrange(1 << 30))[0]
        elif e == "rotate_dark":
            a = page_perturb.rotate_expand(a, rng.choice((-1, 1)) * rng.uniform(0.8, 2.0), fill=(40, 40, 40))[0]
        elif e == "squash_portrait":
            h, w = a.shape[:2]
            a = cv2.resize(a, (round(w * 0.9), round(h * 1.15)), interpolation=cv2.INTER_CUBIC)
        elif e == "margins_wide":  # the page with wide white margins, returned at about its old size
            h, w = a.shape[:2]
            m = [round(rng.uniform(0.12, 0.25) * s) for s in (h, h, w, w)]
            a = perturb.pad(a, *m, color=(255, 255, 255))
            f = w / a.shape[1] * rng.uniform(1.0, 1.2)
            a = perturb.rescale(a, f, f)
        elif e == "letterbox43_tilt":  # tilted 1-2.5 deg, then fitted into a black 4:3 canvas
            a = page_perturb.rotate_expand(a, rng.choice((-1, 1)) * rng.uniform(1.0, 2.5))[0]
            a = page_perturb.letterbox(a, 4 / 3, rng.choice((1024, 1280)), (0, 0, 0))[0]
        elif e == "caption_shadowed":  # a caption band above, the page's shadow running over it too
            a = page_perturb.caption(a, "Nonogram (solved)", rng.uniform(0.07, 0.12))[0]
            h, w = a.shape[:2]
            yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
            t = (xx / w * rng.uniform(0.3, 1.0) + yy / h) / 2
            a = np.clip(a.astype(np.float32) * (1 - rng.uniform(0.2, 0.3) * t)[:, :, None], 0, 255).astype(np.uint8)
        elif e == "lowres":  # generated at a lower resolution and scaled back up
            h, w = a.shape[:2]
            f = rng.uniform(0.55, 0.7)
            a = cv2.resize(cv2.resize(a, (round(w * f), round(h * f)), interpolation=cv2.INTER_AREA), (w, h),
                           interpolation=cv2.INTER_LINEAR)
        elif e == "crop_tight":  # cropped to a few px beyond the drawing
            ink = np.asarray(a).min(axis=2) < 160
            ys, xs = np.nonzero(ink)
            m = rng.randint(3, 8)
            a = a[max(0, ys.min() - m):ys.max() + m + 1, max(0, xs.min() - m):xs.max() + m + 1]
        elif e == "photo":  # a photographed page: rescale, rotation, tint, a corner shadow, caption below
            f = rng.uniform(0.8, 1.25)
            a = perturb.rescale(a, f, f * rng.uniform(0.97, 1.03))
            a = page_perturb.rotate_expand(a, rng.uniform(-1.5, 1.5), fill=(235, 230, 220))[0]
            a = perturb.retint(a, (rng.randint(225, 245), rng.randint(220, 238), rng.randint(200, 220)))
            a = page_perturb.caption(a, "my answer", 0.08, where="bottom", band=(230, 226, 215))[0]
        elif e == "scan":  # a flatbed scan: greyish paper, the back page showing through, a small skew, the
            # lid's dark edge along one side, scanner noise and a slight blur
            h, w = a.shape[:2]
            f = a.astype(np.float32)
            back = cv2.GaussianBlur(255.0 - f[:, ::-1], (0, 0), 1.5)
            f = f - rng.uniform(0.04, 0.07) * back
            f = 255.0 * (np.clip(f, 0, 255) / 255.0) ** rng.uniform(1.1, 1.3)
            f *= np.array([rng.uniform(0.94, 0.97)] * 2 + [rng.uniform(0.9, 0.95)], np.float32)
            a = np.clip(f, 0, 255).astype(np.uint8)
            a = page_perturb.rotate_expand(a, rng.choice((-1, 1)) * rng.uniform(0.3, 0.8), fill=(236, 236, 230))[0]
            edge = round(a.shape[1 if rng.random() < 0.5 else 0] * rng.uniform(0.015, 0.03))
            side = rng.choice(("left", "right", "top", "bottom"))
            dark = (45, 45, 48)
            a = perturb.pad(a, *(edge if side == k else 0 for k in ("top", "bottom", "left", "right")), color=dark)
            a = perturb.noise(a, 3.0, rng.randrange(1 << 30))
            a = perturb.blur(a, 0.6)
        elif e == "canvas_white":  # the puzzle drawn smaller at an odd place on a same-size white canvas
            h, w = a.shape[:2]
            s = rng.uniform(1.3, 1.6)
            ch, cw = round(h * s), round(w * s)
            top, left = rng.randint(0, ch - h), rng.randint(0, cw - w)
            a = perturb.pad(a, top, ch - h - top, left, cw - w - left, color=(255, 255, 255))
            a = cv2.resize(a, (round(w * rng.uniform(0.95, 1.05)), round(h * rng.uniform(0.95, 1.05))),
                           interpolation=cv2.INTER_AREA)
        elif e == "ui_chrome":  # an app's screenshot: a dark toolbar above, a light side panel with notes
            h, w = a.shape[:2]
            bar, panel = round(h * rng.uniform(0.06, 0.09)), round(w * rng.uniform(0.14, 0.2))
            page = Image.new("RGB", (w + panel, h + bar), (242, 242, 245))
            page.paste(Image.fromarray(a), (panel, bar))
            draw = ImageDraw.Draw(page)
            draw.rectangle([0, 0, w + panel, bar - 1], fill=(45, 45, 52))
            for k in range(3):
                draw.rounded_rectangle([10 + k * bar, bar * 0.25, 10 + k * bar + bar * 0.6, bar * 0.75], 3,
                                       fill=(200, 200, 210))
            font = ImageFont.truetype(str(_font_dir() / "DejaVuSans.ttf"), max(9, round(bar * 0.4)))
            draw.text(((w + panel) / 2, bar / 2), "Nonogram.png", font=font, fill=(235, 235, 235), anchor="mm")
            small = ImageFont.truetype(str(_font_dir() / "DejaVuSans.ttf"), max(9, round(panel * 0.09)))
            for k, text in enumerate(("Layers", "Pen", "Fill", "Eraser", "Zoom 100%")):
                draw.text((8, bar + 20 + k * 2.2 * small.size), text, font=small, fill=(70, 70, 80))
            draw.line([(panel - 1, bar), (panel - 1, h + bar)], fill=(200, 200, 205), width=1)
            a = np.asarray(page)
        elif e == "watermark":  # a faint diagonal stock watermark over the whole page
            h, w = a.shape[:2]
            mark = Image.new("L", (w, h), 0)
            font = ImageFont.truetype(str(_font_dir() / "DejaVuSans-Bold.ttf"), max(20, round(w * 0.09)))
            md = ImageDraw.Draw(mark)
            for k in range(-1, 3):
                md.text((w * 0.5, h * (0.15 + 0.35 * k)), "PREVIEW  PREVIEW", font=font, fill=255, anchor="mm")
            mark = np.asarray(mark.rotate(rng.uniform(25, 35), resample=Image.BILINEAR)).astype(np.float32) / 255
            alpha = rng.uniform(0.08, 0.11)
            a = np.clip(a.astype(np.float32) * (1 - alpha * mark[:, :, None]), 0, 255).astype(np.uint8)
        elif e == "drop_shadow":  # the page on a grey desk, a soft shadow under one side, slightly turned
            h, w = a.shape[:2]
            m = [round(rng.uniform(0.04, 0.08) * s) for s in (h, h, w, w)]
            desk = tuple(rng.randint(120, 160) + d for d in (8, 4, 0))
            canvas = np.empty((h + m[0] + m[1], w + m[2] + m[3], 3), np.float32)
            canvas[:] = desk
            shade = np.zeros(canvas.shape[:2], np.float32)
            dx, dy = rng.randint(4, 10), rng.randint(4, 10)
            shade[m[0] + dy:m[0] + dy + h, m[2] + dx:m[2] + dx + w] = 1
            shade = cv2.GaussianBlur(shade, (0, 0), 6)
            canvas *= (1 - 0.45 * shade)[:, :, None]
            canvas[m[0]:m[0] + h, m[2]:m[2] + w] = a
            a = np.clip(canvas, 0, 255).astype(np.uint8)
            a = page_perturb.rotate_expand(a, rng.uniform(-1.2, 1.2), fill=desk)[0]
        elif e == "tilt_large":  # a photo taken 3-5 deg off
            a = page_perturb.rotate_expand(a, rng.choice((-1, 1)) * rng.uniform(3.0, 5.0), fill=(250, 250, 248))[0]
        elif e == "card":  # an app's puzzle card: the page at 0.75-0.85x on a white rounded card with a title,
            # on a blue-to-purple gradient background
            h, w = a.shape[:2]
            f = rng.uniform(0.75, 0.85)
            small = cv2.resize(a, (round(w * f), round(h * f)), interpolation=cv2.INTER_AREA)
            sh, sw = small.shape[:2]
            title, pad = round(sh * 0.1), round(sw * 0.05)
            H, W = sh + title + 4 * pad, sw + 4 * pad
            t = np.linspace(0, 1, W, dtype=np.float32)[None, :, None]
            bg = (np.array([60, 90, 200], np.float32) * (1 - t) + np.array([140, 60, 170], np.float32) * t)
            page = Image.fromarray(np.broadcast_to(bg, (H, W, 3)).astype(np.uint8))
            draw = ImageDraw.Draw(page)
            draw.rounded_rectangle([pad, pad, W - pad, H - pad], radius=round(pad * 0.8), fill=(255, 255, 255))
            font = ImageFont.truetype(str(_font_dir() / "DejaVuSans-Bold.ttf"), max(10, round(title * 0.5)))
            draw.text((W / 2, 2 * pad + title / 2), "Daily Nonogram #214", font=font, fill=(40, 40, 60), anchor="mm")
            page.paste(Image.fromarray(small), (2 * pad, 2 * pad + title))
            a = np.asarray(page)
        elif e == "stretch_wide":  # returned wider than drawn
            h, w = a.shape[:2]
            a = cv2.resize(a, (round(w * rng.uniform(1.15, 1.25)), h), interpolation=cv2.INTER_CUBIC)
        elif e == "small_output":  # a small output image
            h, w = a.shape[:2]
            f = rng.uniform(0.62, 0.72)
            a = cv2.resize(a, (round(w * f), round(h * f)), interpolation=cv2.INTER_AREA)
        elif e == "angle_photo":  # a phone held at an angle over a table: the far edge 8-14 % narrower
            h, w = a.shape[:2]
            m = round(0.08 * max(h, w))
            table = tuple(rng.randint(60, 90) + k for k in (10, 5, 0))
            a = perturb.pad(a, m, m, m, m, color=table)
            H, W = a.shape[:2]
            s = rng.uniform(0.08, 0.14) * w / 2
            far = rng.choice(("top", "bottom", "left", "right"))
            src = np.float32([[0, 0], [W, 0], [W, H], [0, H]])
            dst = src.copy()
            i, j2, k, l = {"top": (0, 1, 0, 0), "bottom": (3, 2, 0, 0), "left": (0, 3, 1, 1),
                           "right": (1, 2, 1, 1)}[far]
            axis = 0 if far in ("top", "bottom") else 1
            dst[i, axis] += s
            dst[j2, axis] -= s
            mtx = cv2.getPerspectiveTransform(src, dst)
            a = cv2.warpPerspective(a, mtx, (W, H), flags=cv2.INTER_LINEAR, borderValue=table)
            a = page_perturb.rotate_expand(a, rng.uniform(-2, 2), fill=table)[0]
        elif e == "desk_pencil":  # the page on a wooden desk, a yellow pencil lying beside it
            h, w = a.shape[:2]
            mt, mb, ml, mr = (round(rng.uniform(0.05, 0.1) * h), round(rng.uniform(0.15, 0.2) * h),
                              round(rng.uniform(0.05, 0.1) * w), round(rng.uniform(0.05, 0.1) * w))
            H, W = h + mt + mb, w + ml + mr
            yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
            g = np.random.default_rng(rng.randrange(1 << 30))
            grain = cv2.GaussianBlur(g.normal(0, 1, (H, W)).astype(np.float32), (0, 0), sigmaX=25, sigmaY=1.5)
            grain /= max(1e-6, float(grain.std()))
            wood = np.array([150, 100, 60], np.float32) * (1 + 0.08 * grain + 0.05 * np.sin(yy / 7))[:, :, None]
            wood[mt:mt + h, ml:ml + w] = a
            page = Image.fromarray(np.clip(wood, 0, 255).astype(np.uint8))
            d = ImageDraw.Draw(page)
            py = mt + h + mb * rng.uniform(0.35, 0.6)
            px0, px1 = ml + w * rng.uniform(0.05, 0.2), ml + w * rng.uniform(0.75, 0.95)
            tilt = rng.uniform(-0.02, 0.02) * (px1 - px0)
            width = max(6, round(mb * 0.22))
            d.line([(px0, py), (px1, py + tilt)], fill=(235, 190, 40), width=width)
            d.line([(px0, py - width / 4), (px1, py + tilt - width / 4)], fill=(250, 215, 90), width=max(1, width // 4))
            d.polygon([(px1, py + tilt - width / 2), (px1, py + tilt + width / 2), (px1 + 2.5 * width, py + tilt)],
                      fill=(225, 195, 150))
            d.polygon([(px1 + 1.8 * width, py + tilt - width / 7), (px1 + 1.8 * width, py + tilt + width / 7),
                       (px1 + 2.5 * width, py + tilt)], fill=(40, 40, 40))
            d.rectangle([px0 - width, py - width / 2, px0, py + width / 2], fill=(220, 120, 140))
            a = page_perturb.rotate_expand(np.asarray(page), rng.uniform(-1.5, 1.5), fill=(140, 95, 55))[0]
        elif e == "pixelated":  # shrunk to 45-55 % and blown up again without smoothing: blocky pixels
            h, w = a.shape[:2]
            f = rng.uniform(0.45, 0.55)
            small = cv2.resize(a, (round(w * f), round(h * f)), interpolation=cv2.INTER_AREA)
            a = cv2.resize(small, (w, h), interpolation=cv2.INTER_NEAREST)
        elif e == "frame":  # a decorative double frame around the page and a title above it
            h, w = a.shape[:2]
            m, top = round(0.05 * w), round(rng.uniform(0.1, 0.14) * h)
            page = Image.new("RGB", (w + 2 * m, h + top + m), (252, 250, 244))
            page.paste(Image.fromarray(a), (m, top))
            draw = ImageDraw.Draw(page)
            W, H = page.size
            draw.rectangle([m // 4, m // 4, W - 1 - m // 4, H - 1 - m // 4], outline=(110, 60, 30), width=max(2, m // 6))
            draw.rectangle([m // 2, m // 2, W - 1 - m // 2, H - 1 - m // 2], outline=(110, 60, 30), width=1)
            font = ImageFont.truetype(str(_font_dir() / "DejaVuSerif-Bold.ttf"), max(10, round(top * 0.35)))
            draw.text((W / 2, top * 0.55), "Puzzle No. 7", font=font, fill=(90, 50, 25), anchor="mm")
            a = np.asarray(page)
        elif e == "signature":  # an image model's signature: a small sparkle and a word in a bottom corner
            h, w = a.shape[:2]
            page = Image.fromarray(a)
            draw = ImageDraw.Draw(page)
            s = max(6, round(0.025 * w))
            cx, cy = (w - 4 * s if rng.random() < 0.5 else 2 * s), h - 1.5 * s
            draw.polygon([(cx, cy - s), (cx + s / 4, cy - s / 4), (cx + s, cy), (cx + s / 4, cy + s / 4), (cx, cy + s),
                          (cx - s / 4, cy + s / 4), (cx - s, cy), (cx - s / 4, cy - s / 4)], fill=(120, 120, 130))
            font = ImageFont.truetype(str(_font_dir() / "DejaVuSans.ttf"), max(8, round(s * 0.9)))
            draw.text((cx + 1.4 * s, cy), "AI", font=font, fill=(120, 120, 130), anchor="lm")
            a = np.asarray(page)
        elif e == "chat_screenshot":  # a screenshot of a chat app in dark mode: a header, the request in a bubble,
            # a line of reply text, the answer image at 0.75-0.85x with rounded corners, the message box below
            h, w = a.shape[:2]
            f = rng.uniform(0.75, 0.85)
            small = cv2.resize(a, (round(w * f), round(h * f)), interpolation=cv2.INTER_AREA)
            sh, sw = small.shape[:2]
            unit = max(12, round(0.045 * h))
            W, H = round(sw * 1.25), sh + 9 * unit
            bg = (33, 33, 38)
            page = Image.new("RGB", (W, H), bg)
            draw = ImageDraw.Draw(page)
            font = ImageFont.truetype(str(_font_dir() / "DejaVuSans.ttf"), max(9, round(unit * 0.55)))
            draw.rectangle([0, 0, W, round(1.6 * unit)], fill=(44, 44, 50))
            draw.text((W / 2, 0.8 * unit), "Assistant", font=font, fill=(225, 225, 230), anchor="mm")
            request = "Solve this nonogram, please."
            tw = draw.textlength(request, font=font)
            draw.rounded_rectangle([W - tw - 2.2 * unit, 2.1 * unit, W - 0.6 * unit, 3.5 * unit], radius=0.7 * unit,
                                   fill=(58, 58, 66))
            draw.text((W - 1.4 * unit - tw / 2, 2.8 * unit), request, font=font, fill=(230, 230, 235), anchor="mm")
            draw.text((0.8 * unit, 4.4 * unit), "Here is the solved puzzle:", font=font, fill=(210, 210, 215),
                      anchor="lm")
            mask = Image.new("L", (sw, sh), 0)
            ImageDraw.Draw(mask).rounded_rectangle([0, 0, sw - 1, sh - 1], radius=round(0.025 * sw), fill=255)
            page.paste(Image.fromarray(small), (round(0.8 * unit), round(5.2 * unit)), mask)
            draw.rounded_rectangle([0.6 * unit, H - 2.4 * unit, W - 0.6 * unit, H - 0.7 * unit], radius=0.85 * unit,
                                   fill=(48, 48, 55))
            draw.text((1.4 * unit, H - 1.55 * unit), "Message", font=font, fill=(140, 140, 150), anchor="lm")
            a = np.asarray(page)
        elif e == "phone_printout":  # a phone photo of a printout on a table: each corner 1-3 % off (a mild
            # perspective and turn), light falling off across the page, sensor noise, a soft focus
            h, w = a.shape[:2]
            m = round(rng.uniform(0.06, 0.1) * max(h, w))
            table = tuple(rng.randint(80, 120) + k for k in (12, 6, 0))
            a = perturb.pad(a, m, m, m, m, color=table)
            H, W = a.shape[:2]
            src = np.float32([[m, m], [W - m, m], [W - m, H - m], [m, H - m]])
            dst = src + np.float32([[rng.uniform(-1, 1) * rng.uniform(0.01, 0.03) * w,
                                     rng.uniform(-1, 1) * rng.uniform(0.01, 0.03) * h] for _ in range(4)])
            mtx = cv2.getPerspectiveTransform(src, dst)
            f = cv2.warpPerspective(a, mtx, (W, H), flags=cv2.INTER_LINEAR, borderValue=table).astype(np.float32)
            yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
            ang = rng.uniform(0, 2 * math.pi)
            t = ((xx - W / 2) * math.cos(ang) + (yy - H / 2) * math.sin(ang)) / (0.5 * math.hypot(W, H))
            f *= (1 - rng.uniform(0.08, 0.12) * (t + 1))[:, :, None]
            f *= np.array([1.0, rng.uniform(0.97, 0.99), rng.uniform(0.9, 0.94)], np.float32)
            a = np.clip(f, 0, 255).astype(np.uint8)
            a = perturb.noise(a, 3.5, rng.randrange(1 << 30))
            a = perturb.blur(a, 0.7)
        elif e in HELDOUT11_LAYOUTS:
            a = _heldout11_layout(a, e, rng)
        elif e in HELDOUT12_LAYOUTS:
            a = _heldout12_layout(a, e, rng)
        elif e in HELDOUT13_LAYOUTS:
            a = _heldout13_layout(a, e, rng)
        elif e in HELDOUT14_LAYOUTS:
            a = _heldout14_layout(a, e, rng)
    if any(e in effects for e in LAYOUT_EFFECTS):
        a = perturb.jpeg(a, rng.randint(70, 90))
    return a


HELDOUT11_LAYOUTS = ("phone_screenshot", "messenger", "legend", "thumb", "shear", "upscale_ai", "title_banner")


def _heldout11_layout(a: np.ndarray, e: str, rng: random.Random) -> np.ndarray:
    """HELDOUT11's page changes: ``phone_screenshot`` a puzzle app on a phone (status bar, title bar, buttons
    below, home indicator, 9:19.5), ``messenger`` re-shared twice (JPEG, a 0.85-0.92x thumbnail, JPEG again),
    ``legend`` a key under the puzzle, ``thumb`` a thumb holding the page's bottom edge over a table,
    ``shear`` a scan skewed 1.5-3 % sideways, ``upscale_ai`` an AI upscaler's 1.6-2x with sharpening and a
    waxy smoothing, ``title_banner`` a coloured banner with a white title above."""
    h, w = a.shape[:2]
    sans = str(_font_dir() / "DejaVuSans.ttf")
    bold = str(_font_dir() / "DejaVuSans-Bold.ttf")
    if e == "phone_screenshot":
        m = round(w * rng.uniform(0.03, 0.05))
        W = w + 2 * m
        H = round(W * 19.5 / 9)
        status, bar = round(0.035 * H), round(0.05 * H)
        top = status + bar + round(0.04 * H)
        page = Image.new("RGB", (W, H), (255, 255, 255))
        page.paste(Image.fromarray(a), (m, top))
        draw = ImageDraw.Draw(page)
        f_status = ImageFont.truetype(bold, max(9, round(status * 0.5)))
        draw.text((0.06 * W, status / 2), "9:41", font=f_status, fill=(20, 20, 20), anchor="lm")
        bx = W - 0.06 * W
        draw.rounded_rectangle([bx - status * 1.1, status * 0.3, bx, status * 0.7], radius=2, outline=(20, 20, 20),
                               width=max(1, round(status / 16)))
        draw.rectangle([bx - status * 1.0, status * 0.36, bx - status * 0.3, status * 0.64], fill=(20, 20, 20))
        draw.line([(0, status + bar), (W, status + bar)], fill=(220, 220, 225), width=1)
        f_bar = ImageFont.truetype(bold, max(10, round(bar * 0.4)))
        draw.text((W / 2, status + bar / 2), "Nonogram", font=f_bar, fill=(25, 25, 30), anchor="mm")
        draw.text((0.05 * W, status + bar / 2), "< Back", font=ImageFont.truetype(sans, max(9, round(bar * 0.35))),
                  fill=(20, 110, 230), anchor="lm")
        by = top + h + round(0.04 * H)
        f_btn = ImageFont.truetype(bold, max(9, round(bar * 0.35)))
        for k, label in enumerate(("Check", "Hint", "Reset")):
            cx = W * (0.2 + 0.3 * k)
            draw.rounded_rectangle([cx - 0.12 * W, by, cx + 0.12 * W, by + bar], radius=bar / 2, fill=(235, 238, 245))
            draw.text((cx, by + bar / 2), label, font=f_btn, fill=(20, 110, 230), anchor="mm")
        draw.rounded_rectangle([W * 0.35, H - 0.02 * H, W * 0.65, H - 0.013 * H], radius=3, fill=(20, 20, 20))
        return np.asarray(page)
    if e == "messenger":
        a = perturb.jpeg(a, rng.randint(60, 75))
        f = rng.uniform(0.85, 0.92)
        a = cv2.resize(a, (round(w * f), round(h * f)), interpolation=cv2.INTER_AREA)
        return perturb.jpeg(a, rng.randint(55, 70))
    if e == "legend":
        band = round(h * rng.uniform(0.1, 0.13))
        page = Image.fromarray(perturb.pad(a, 0, band, 0, 0))
        draw = ImageDraw.Draw(page)
        font = ImageFont.truetype(sans, max(10, round(band * 0.32)))
        s = band * 0.32
        cy = h + band / 2
        x = w * 0.22
        draw.rectangle([x - s / 2, cy - s / 2, x + s / 2, cy + s / 2], fill=(20, 20, 20))
        draw.text((x + s, cy), "= filled", font=font, fill=(30, 30, 30), anchor="lm")
        x = w * 0.58
        draw.ellipse([x - s / 3, cy - s / 3, x + s / 3, cy + s / 3], fill=(30, 30, 30))
        draw.text((x + s, cy), "= empty", font=font, fill=(30, 30, 30), anchor="lm")
        return np.asarray(page)
    if e == "thumb":
        m = round(rng.uniform(0.06, 0.09) * max(h, w))
        table = tuple(rng.randint(70, 100) + k for k in (14, 8, 0))
        a = perturb.pad(a, m, m, m, m, color=table)
        H, W = a.shape[:2]
        page = Image.fromarray(a)
        shade = Image.new("L", (W, H), 0)
        tx = m + w * rng.uniform(0.3, 0.7)
        tw, th = 0.055 * w * rng.uniform(0.9, 1.1), 1.2 * m
        ty = m + h - 0.35 * m + th  # the thumb comes up from the photo's bottom edge into the page's margin only
        ImageDraw.Draw(shade).ellipse([tx - tw + 4, ty - th + 4, tx + tw + 4, ty + th + 4], fill=90)
        shade = cv2.GaussianBlur(np.asarray(shade, np.float32), (0, 0), 4) / 255
        f = np.asarray(page, np.float32) * (1 - shade[:, :, None])
        page = Image.fromarray(np.clip(f, 0, 255).astype(np.uint8))
        draw = ImageDraw.Draw(page)
        skin = (rng.randint(205, 230), rng.randint(160, 185), rng.randint(135, 155))
        draw.ellipse([tx - tw, ty - th, tx + tw, ty + th], fill=skin)
        draw.ellipse([tx - 0.6 * tw, ty - 0.9 * th, tx + 0.6 * tw, ty - 0.25 * th],
                     fill=tuple(min(255, c + 25) for c in skin))
        return page_perturb.rotate_expand(np.asarray(page), rng.uniform(-1.5, 1.5), fill=table)[0]
    if e == "shear":
        k = rng.choice((-1, 1)) * rng.uniform(0.015, 0.03)
        extra = round(abs(k) * h) + 2
        mtx = np.float32([[1, k, extra if k < 0 else 0], [0, 1, 0]])
        return cv2.warpAffine(a, mtx, (w + extra, h), flags=cv2.INTER_LINEAR, borderValue=(255, 255, 255))
    if e == "upscale_ai":
        f = rng.uniform(1.6, 2.0)
        big = cv2.resize(a, (round(w * f), round(h * f)), interpolation=cv2.INTER_LANCZOS4)
        big = cv2.bilateralFilter(big, 5, 30, 3).astype(np.float32)
        soft = cv2.GaussianBlur(big, (0, 0), 1.5)
        return np.clip(big + rng.uniform(0.6, 0.9) * (big - soft), 0, 255).astype(np.uint8)
    if e == "title_banner":
        band = round(h * rng.uniform(0.09, 0.12))
        colour = rng.choice(((20, 90, 110), (40, 55, 120), (110, 35, 60)))
        page = Image.fromarray(perturb.pad(a, band + 4, 0, 0, 0))
        draw = ImageDraw.Draw(page)
        draw.rectangle([0, 0, w, band], fill=colour)
        font = ImageFont.truetype(bold, max(10, round(band * 0.42)))
        draw.text((w / 2, band / 2), "Nonogram \u2014 Solved \u2713", font=font, fill=(255, 255, 255), anchor="mm")
        return np.asarray(page)
    raise ValueError(e)


def _redraw_grid(d: ImageDraw.ImageDraw, layout: dict[str, Any], rng: random.Random, kind: str = "redrawn") -> None:
    """Lines redrawn over the fills, as models do, at a slightly different width; ``uniform``: every line
    as thick and dark as a major one (no 5-cell blocks), ``hairline``: 1-px light grey lines, majors 2 px,
    ``dashed``: minor lines dashed, ``blue``: light blue minor lines, dark blue majors, ``dotted``: minor lines
    dotted, ``flat``: thin grey lines only, no thicker 5-cell lines (the border stays dark); ``uneven``,
    ``jittered``, ``rounded`` and ``sketchy``: see :func:`_regenerated_grid`."""
    if kind in REGENERATED_GRIDS:
        _regenerated_grid(d, layout, rng, kind)
        return
    if kind in HELDOUT11_GRIDS:
        _heldout11_grid(d, layout, rng, kind)
        return
    if kind in HELDOUT12_GRIDS:
        _heldout12_grid(d, layout, rng, kind)
        return
    if kind in HELDOUT13_GRIDS:
        _heldout13_grid(d, layout, rng, kind)
        return
    if kind in HELDOUT14_GRIDS:
        _heldout14_grid(d, layout, rng, kind)
        return
    gx0, gy0, gx1, gy1 = layout["grid_bbox"]
    rows, cols, cell = layout["rows"], layout["cols"], layout["cell_px"]
    thin = max(1, round(cell / rng.uniform(14, 28)))
    thick = max(3, round(cell / rng.uniform(6, 10)))
    minor_ink, major_ink = (90, 90, 90), (0, 0, 0)
    if kind == "uniform":
        thin = thick = max(2, round(cell / rng.uniform(9, 12)))
        minor_ink = major_ink = (15, 15, 15)
    elif kind == "hairline":
        thin, thick = 1, 2
        minor_ink, major_ink = (165, 165, 170), (70, 70, 75)
    elif kind == "blue":
        minor_ink, major_ink = (140, 170, 225), (25, 60, 160)
    elif kind == "flat":  # every line thin and grey: no thicker 5-cell lines, a dark border
        thin = max(1, round(cell / rng.uniform(16, 22)))
        minor_ink = (110, 110, 110)
    dash = (max(2, round(cell * 0.12)), max(2, round(cell * 0.08))) if kind == "dashed" else None
    if kind == "dotted":  # minor lines as round dots
        dash = (max(1, thin), max(2, round(cell * 0.07)))

    def line(a, b, major):
        colour, width = (major_ink, thick) if major else (minor_ink, thin)
        if dash is None or major:
            d.line([a, b], fill=colour, width=width)
            return
        length = math.hypot(b[0] - a[0], b[1] - a[1])
        t = 0.0
        while t < length:
            e = min(length, t + dash[0])
            d.line([(a[0] + (b[0] - a[0]) * t / length, a[1] + (b[1] - a[1]) * t / length),
                    (a[0] + (b[0] - a[0]) * e / length, a[1] + (b[1] - a[1]) * e / length)], fill=colour, width=width)
            t = e + dash[1]

    def major(k, n):
        return k in (0, n) if kind == "flat" else k % 5 == 0 or k == n

    for k in range(cols + 1):
        x = gx0 + k * (gx1 - gx0) / cols
        line((x, gy0), (x, gy1), major(k, cols))
    for k in range(rows + 1):
        y = gy0 + k * (gy1 - gy0) / rows
        line((gx0, y), (gx1, y), major(k, rows))


REGENERATED_GRIDS = ("uneven", "jittered", "rounded", "sketchy")
HELDOUT11_GRIDS = ("haloed", "double_frame", "red_major", "shadow_lines")


def _heldout11_grid(d: ImageDraw.ImageDraw, layout: dict[str, Any], rng: random.Random, kind: str) -> None:
    """HELDOUT11's grids: ``haloed`` every line a dark core in a wider light grey halo (a generated image's
    soft lines), ``double_frame`` a puzzle book's thin second line just outside the border, ``red_major`` the
    5-cell lines and the border in dark red, ``shadow_lines`` every line with a light grey copy 1-2 px down and
    right (an app's drop shadow)."""
    gx0, gy0, gx1, gy1 = layout["grid_bbox"]
    rows, cols, cell = layout["rows"], layout["cols"], layout["cell_px"]
    thin = max(1, round(cell / rng.uniform(14, 24)))
    thick = max(3, round(cell / rng.uniform(7, 10)))
    minor_ink, major_ink = (90, 90, 90), (0, 0, 0)
    if kind == "red_major":
        major_ink = (150, 30, 35)
    lines = []
    for k in range(cols + 1):
        x = gx0 + k * (gx1 - gx0) / cols
        lines.append(((x, gy0), (x, gy1), k % 5 == 0 or k == cols))
    for k in range(rows + 1):
        y = gy0 + k * (gy1 - gy0) / rows
        lines.append(((gx0, y), (gx1, y), k % 5 == 0 or k == rows))
    if kind == "haloed":
        for a, b, major in lines:
            d.line([a, b], fill=(200, 200, 204), width=(thick if major else thin) + rng.choice((2, 3)))
    elif kind == "shadow_lines":
        dx, dy = rng.choice((1, 2)), rng.choice((1, 2))
        for a, b, major in lines:
            d.line([(a[0] + dx, a[1] + dy), (b[0] + dx, b[1] + dy)], fill=(185, 185, 190),
                   width=thick if major else thin)
    for a, b, major in lines:
        d.line([a, b], fill=major_ink if major else minor_ink, width=thick if major else thin)
    if kind == "double_frame":
        gap = max(3.0, 0.06 * cell) + thick / 2
        d.rectangle([gx0 - gap, gy0 - gap, gx1 + gap, gy1 + gap], outline=(0, 0, 0), width=max(1, round(cell / 30)))


def _regenerated_grid(d: ImageDraw.ImageDraw, layout: dict[str, Any], rng: random.Random, kind: str) -> None:
    """The grid as an image model regenerates it (HELDOUT10): ``uneven``: every line its own weight and tone,
    ``jittered``: every line a little off its place (2-5 % of a cell), ``rounded``: an app's grid, light grey
    lines, mid-grey 5-cell lines, a dark border with rounded corners, ``sketchy``: every line drawn by hand
    with two or three slightly diverging strokes."""
    gx0, gy0, gx1, gy1 = layout["grid_bbox"]
    rows, cols, cell = layout["rows"], layout["cols"], layout["cell_px"]

    def major(k, n):
        return k % 5 == 0 or k == n

    lines = [("v", k, gx0 + k * (gx1 - gx0) / cols, major(k, cols)) for k in range(cols + 1)]
    lines += [("h", k, gy0 + k * (gy1 - gy0) / rows, major(k, rows)) for k in range(rows + 1)]

    def segment(kind_, at, a, b, colour, width):
        d.line([(at, a), (at, b)] if kind_ == "v" else [(a, at), (b, at)], fill=colour, width=max(1, round(width)))

    if kind == "rounded":
        thin, mid = max(1, round(cell / rng.uniform(18, 26))), max(2, round(cell / rng.uniform(11, 15)))
        for kind_, k, at, is_major in lines:
            n = cols if kind_ == "v" else rows
            if k in (0, n):
                continue
            a, b = (gy0, gy1) if kind_ == "v" else (gx0, gx1)
            segment(kind_, at, a, b, (110, 110, 115) if is_major else (178, 178, 184), mid if is_major else thin)
        d.rounded_rectangle([gx0, gy0, gx1, gy1], radius=cell * rng.uniform(0.3, 0.45), outline=(30, 30, 35),
                            width=max(3, round(cell / rng.uniform(7, 9))))
        return
    for kind_, k, at, is_major in lines:
        a, b = (gy0, gy1) if kind_ == "v" else (gx0, gx1)
        if kind == "uneven":
            if is_major:
                width, tone = cell / rng.uniform(6, 10), rng.randint(0, 45)
            else:
                width, tone = cell / rng.uniform(11, 30), rng.randint(60, 140)
            segment(kind_, at, a, b, (tone, tone, tone), width)
        elif kind == "jittered":
            width = cell / rng.uniform(6, 10) if is_major else cell / rng.uniform(14, 24)
            tone = 10 if is_major else 90
            shift = rng.choice((-1, 1)) * rng.uniform(0.02, 0.05) * cell
            segment(kind_, at + shift, a + rng.uniform(-0.04, 0.04) * cell, b + rng.uniform(-0.04, 0.04) * cell,
                    (tone, tone, tone), width)
        elif kind == "sketchy":
            strokes = 3 if is_major else 2
            width = max(1.0, cell / rng.uniform(18, 26)) * (1.4 if is_major else 1.0)
            tone = rng.randint(20, 45) if is_major else rng.randint(60, 95)
            for _ in range(strokes):
                o0, o1 = rng.uniform(-0.035, 0.035) * cell, rng.uniform(-0.035, 0.035) * cell
                ea, eb = a + rng.uniform(-0.06, 0.03) * cell, b + rng.uniform(-0.03, 0.06) * cell
                pts = []
                for t in np.linspace(0, 1, 9):
                    along = ea + t * (eb - ea)
                    across = at + o0 + t * (o1 - o0) + rng.uniform(-0.4, 0.4)
                    pts.append((across, along) if kind_ == "v" else (along, across))
                d.line(pts, fill=(tone, tone, tone), width=max(1, round(width)), joint="curve")


# ------------------------------------------------------------------------------------------ HELDOUT12


HELDOUT12_FILLS = ("scanline", "misregistered", "octagon", "airbrush", "woven", "perforated", "inner_shadow",
                   "light_crosshatch", "light_spray", "outline_octagon", "outline_hand")
HELDOUT12_MARKS = ("full_x", "asterisk", "hollow_square", "null_sign", "square_dot", "heavy_x_brush", "heavy_x_double",
                   "heavy_x_corner")
HELDOUT12_EFFECTS = ("dark_mode", "cold_press", "light_leak", "photocopy")
HELDOUT12_LAYOUTS = ("magazine", "coffee_ring", "clipboard", "tablet", "polaroid", "tape", "browser")
HELDOUT12_GRIDS = ("double_major", "cmyk_lines", "wide_border", "brown_ink", "green_eng", "overshoot")


def _octagon(cx: float, cy: float, half: float, cut: float) -> list[tuple[float, float]]:
    """A square of half-side ``half`` centred at (cx, cy) with its corners cut ``cut`` along each side."""
    return [(cx - half + cut, cy - half), (cx + half - cut, cy - half), (cx + half, cy - half + cut),
            (cx + half, cy + half - cut), (cx + half - cut, cy + half), (cx - half + cut, cy + half),
            (cx - half, cy + half - cut), (cx - half, cy - half + cut)]


def _spray_alpha(side: int, margin: float, soft: float, density: float, g: np.random.Generator) -> np.ndarray:
    """Spray paint's coverage on a ``side`` px square: a square ``margin`` px in from the edges, its edge softened
    over ``soft`` px, speckled (each pixel inked with the local density) and a little blurred."""
    core = np.zeros((side, side), np.float32)
    m = int(round(margin))
    core[m:side - m, m:side - m] = 1
    dens = cv2.GaussianBlur(core, (0, 0), max(0.6, soft)) * density
    speckle = (g.random((side, side)) < dens).astype(np.float32)
    return np.clip(cv2.GaussianBlur(0.55 * speckle + 0.45 * dens, (0, 0), 0.5), 0, 1)


def _draw_fill_h12(img: Image.Image, d: ImageDraw.ImageDraw, box, kind: str, colour, rng: random.Random) -> None:
    """HELDOUT12's fills and planted marks: ``scanline`` a screen's horizontal scan lines (about two thirds inked),
    ``misregistered`` a printed square with its cyan and magenta plates a few % of a cell out of register,
    ``octagon`` an app's tile with cut corners, ``airbrush`` spray paint (speckled, soft-edged), ``woven`` a dark
    tile with a canvas weave in its tone, ``perforated`` a dark tile with a lattice of small paper-white holes
    (about 80 % inked), ``inner_shadow`` a pressed app tile (darker along its top and left, a light line along its
    bottom and right); planted marks: ``light_crosshatch`` a light tone under fine grey cross-hatching,
    ``light_spray`` light grey spray, ``outline_octagon`` a thick octagonal frame, ``outline_hand`` a thick square
    frame drawn by hand with round ends."""
    x0, y0, x1, y1 = box
    w = x1 - x0
    side = max(4, round(w))
    j = lambda a, b: rng.uniform(a, b) * w  # noqa: E731
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    if kind == "scanline":
        period = max(3, round(w / rng.uniform(9, 12)))
        gap = max(1, round(period * rng.uniform(0.28, 0.36)))
        alpha = np.zeros((side, side), np.uint8)
        m = round(rng.uniform(0.05, 0.08) * side)
        for yy in range(m, side - m):
            if (yy - m) % period < period - gap:
                alpha[yy, m:side - m] = 255
        img.paste(colour, (round(x0), round(y0)), Image.fromarray(alpha))
    elif kind == "misregistered":
        m = j(0.05, 0.08)
        sx, sy = rng.choice((-1, 1)) * j(0.03, 0.05), rng.choice((-1, 1)) * j(0.03, 0.05)
        for (ox, oy), ink in (((sx, sy), (0, 165, 225)), ((-sx * 0.7, -sy * 0.7), (225, 30, 140))):
            d.rectangle([x0 + m + ox, y0 + m + oy, x1 - m + ox, y1 - m + oy], fill=ink)
        d.rectangle([x0 + m, y0 + m, x1 - m, y1 - m], fill=colour)
    elif kind in ("octagon", "outline_octagon"):
        half = w / 2 - j(0.04, 0.07)
        d.polygon(_octagon(cx, cy, half, half * rng.uniform(0.34, 0.44)), fill=colour)
        if kind == "outline_octagon":
            inner = half - rng.uniform(0.22, 0.26) * w
            d.polygon(_octagon(cx, cy, inner, inner * 0.4), fill=(255, 255, 255))
    elif kind in ("airbrush", "light_spray"):
        g = np.random.default_rng(rng.randrange(1 << 30))
        alpha = _spray_alpha(side, rng.uniform(0.1, 0.13) * side, rng.uniform(0.04, 0.06) * side,
                             rng.uniform(0.9, 0.97), g)
        ink = colour if kind == "airbrush" else (round(rng.uniform(185, 200)),) * 3
        img.paste(ink, (round(x0), round(y0)), Image.fromarray((alpha * 255).astype(np.uint8)))
    elif kind == "woven":
        m = round(rng.uniform(0.04, 0.07) * side)
        period = max(4, round(w / rng.uniform(7, 9)))
        yy, xx = np.mgrid[0:side, 0:side]
        over = ((yy // period) + (xx // period)) % 2 == 0
        across = np.where(over, (yy % period) / period, (xx % period) / period)
        shade = np.sin(np.pi * across)  # each thread lighter at its middle, darker where it dips under
        amp = rng.uniform(22, 32)
        tone = np.clip(np.array(colour, np.float32)[None, None, :] + (amp * (shade - 0.5))[:, :, None], 0, 255)
        mask = np.zeros((side, side), np.uint8)
        mask[m:side - m, m:side - m] = 255
        img.paste(Image.fromarray(tone.astype(np.uint8)), (round(x0), round(y0)), Image.fromarray(mask))
    elif kind == "perforated":
        m = j(0.04, 0.07)
        d.rectangle([x0 + m, y0 + m, x1 - m, y1 - m], fill=colour)
        n = rng.randint(5, 6)
        pitch = (w - 2 * m) / n
        r = pitch * rng.uniform(0.18, 0.24)
        for by in range(n):
            for bx in range(n):
                hx, hy = x0 + m + (bx + 0.5) * pitch, y0 + m + (by + 0.5) * pitch
                d.ellipse([hx - r, hy - r, hx + r, hy + r], fill=(255, 255, 255))
    elif kind == "inner_shadow":
        m = round(rng.uniform(0.05, 0.08) * side)
        tone = np.zeros((side, side, 3), np.float32)
        tone[:] = colour
        yy, xx = np.mgrid[0:side, 0:side].astype(np.float32)
        depth = rng.uniform(0.12, 0.16) * side
        dark = np.maximum(np.clip(1 - (yy - m) / depth, 0, 1), np.clip(1 - (xx - m) / depth, 0, 1))
        tone *= (1 - rng.uniform(0.45, 0.6) * dark)[:, :, None]
        lit = (yy >= side - m - 2) | (xx >= side - m - 2)
        tone[lit] = np.minimum(255, np.array(colour, np.float32) + rng.uniform(60, 80))
        mask = np.zeros((side, side), np.uint8)
        mask[m:side - m, m:side - m] = 255
        img.paste(Image.fromarray(np.clip(tone, 0, 255).astype(np.uint8)), (round(x0), round(y0)),
                  Image.fromarray(mask))
    elif kind == "light_crosshatch":
        base = round(rng.uniform(226, 232))
        m = j(0.05, 0.08)
        d.rectangle([x0 + m, y0 + m, x1 - m, y1 - m], fill=(base, base, base))
        patch = Image.new("L", (side, side), 0)
        pd = ImageDraw.Draw(patch)
        step = side / rng.uniform(6, 7.5)
        width = max(1, round(w / 28))
        for k in range(-10, 11):
            pd.line([(k * step, 0), (k * step + side, side)], fill=255, width=width)
            pd.line([(k * step + side, 0), (k * step, side)], fill=255, width=width)
        alpha = np.asarray(patch).copy()
        mm = round(m)
        alpha[:mm], alpha[-mm - 1:], alpha[:, :mm], alpha[:, -mm - 1:] = 0, 0, 0, 0
        tone = round(rng.uniform(170, 188))
        img.paste((tone, tone, tone), (round(x0), round(y0)), Image.fromarray(alpha))
    elif kind == "outline_hand":
        width = max(3, round(w * rng.uniform(0.2, 0.24)))
        m = width / 2 + j(0.02, 0.05)
        pts = [(x0 + m + j(-0.02, 0.02), y0 + m + j(-0.02, 0.02)), (x1 - m + j(-0.02, 0.02), y0 + m + j(-0.02, 0.02)),
               (x1 - m + j(-0.02, 0.02), y1 - m + j(-0.02, 0.02)), (x0 + m + j(-0.02, 0.02), y1 - m + j(-0.02, 0.02))]
        for a, b in zip(pts, pts[1:] + pts[:1]):
            d.line([a, b], fill=colour, width=width)
        for px, py in pts:
            d.ellipse([px - width / 2, py - width / 2, px + width / 2, py + width / 2], fill=colour)


def _draw_empty_h12(d: ImageDraw.ImageDraw, box, kind: str, rng: random.Random) -> None:
    """HELDOUT12's marks: for empty cells ``full_x`` a thin X from corner to corner, ``asterisk`` a hand's six-armed
    asterisk, ``hollow_square`` a small open square, ``null_sign`` a ring with a stroke through it, ``square_dot`` an
    app's small square dot; drawn instead of a fill (the planted ``x_instead`` error): ``heavy_x_brush`` two brush
    strokes tapering to points, ``heavy_x_double`` an X gone over twice (two close strokes per arm), ``heavy_x_corner``
    a heavy X from corner to corner."""
    x0, y0, x1, y1 = box
    w = x1 - x0
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    ink = (30, 30, 30)
    if kind == "full_x":
        m = rng.uniform(0.03, 0.06) * w
        width = max(1, round(w * rng.uniform(0.035, 0.05)))
        d.line([(x0 + m, y0 + m), (x1 - m, y1 - m)], fill=(45, 45, 50), width=width)
        d.line([(x0 + m, y1 - m), (x1 - m, y0 + m)], fill=(45, 45, 50), width=width)
    elif kind == "asterisk":
        half = rng.uniform(0.17, 0.21) * w
        width = max(1, round(w * rng.uniform(0.045, 0.06)))
        turn = rng.uniform(-10, 10)
        for base in (90, 30, 150):
            a = math.radians(base + turn + rng.uniform(-4, 4))
            ex, ey = half * math.cos(a), half * math.sin(a)
            d.line([(cx - ex, cy - ey), (cx + ex, cy + ey)], fill=ink, width=width)
    elif kind == "hollow_square":
        half = rng.uniform(0.13, 0.17) * w
        d.rectangle([cx - half, cy - half, cx + half, cy + half], outline=ink, width=max(1, round(w * 0.045)))
    elif kind == "null_sign":
        r = rng.uniform(0.15, 0.19) * w
        width = max(1, round(w * 0.045))
        d.ellipse([cx - r, cy - r, cx + r, cy + r], outline=ink, width=width)
        k = 1.45 * r / math.sqrt(2)
        d.line([(cx - k, cy + k), (cx + k, cy - k)], fill=ink, width=width)
    elif kind == "square_dot":
        half = rng.uniform(0.07, 0.1) * w
        d.rectangle([cx - half, cy - half, cx + half, cy + half], fill=(70, 70, 80))
    elif kind == "heavy_x_brush":
        m = rng.uniform(0.13, 0.18) * w
        peak = rng.uniform(0.2, 0.24) * w
        for (ax, ay), (bx, by) in (((x0 + m, y0 + m), (x1 - m, y1 - m)), ((x0 + m, y1 - m), (x1 - m, y0 + m))):
            ln = math.hypot(bx - ax, by - ay)
            nx, ny = -(by - ay) / ln, (bx - ax) / ln
            ts = np.linspace(0, 1, 12)
            half = peak / 2 * (0.25 + 0.75 * np.sin(np.pi * ts) ** 0.6)
            left = [(ax + t * (bx - ax) + h * nx, ay + t * (by - ay) + h * ny) for t, h in zip(ts, half)]
            right = [(ax + t * (bx - ax) - h * nx, ay + t * (by - ay) - h * ny) for t, h in zip(ts, half)]
            d.polygon(left + right[::-1], fill=(20, 20, 25))
    elif kind == "heavy_x_double":
        m = rng.uniform(0.14, 0.2) * w
        width = max(2, round(w * rng.uniform(0.1, 0.12)))
        off = rng.uniform(0.05, 0.07) * w
        for (ax, ay), (bx, by) in (((x0 + m, y0 + m), (x1 - m, y1 - m)), ((x0 + m, y1 - m), (x1 - m, y0 + m))):
            ln = math.hypot(bx - ax, by - ay)
            nx, ny = -(by - ay) / ln, (bx - ax) / ln
            for s in (-0.5, 0.5):
                jx, jy = rng.uniform(-0.015, 0.015) * w, rng.uniform(-0.015, 0.015) * w
                px, py = s * off * nx, s * off * ny
                d.line([(ax + px + jx, ay + py + jy), (bx + px - jx, by + py - jy)], fill=ink, width=width)
    elif kind == "heavy_x_corner":
        m = rng.uniform(0.05, 0.08) * w
        width = max(2, round(w * rng.uniform(0.15, 0.18)))
        d.line([(x0 + m, y0 + m), (x1 - m, y1 - m)], fill=ink, width=width)
        d.line([(x0 + m, y1 - m), (x1 - m, y0 + m)], fill=ink, width=width)


def _heldout12_effect(out: np.ndarray, e: str, rng: random.Random) -> np.ndarray:
    """HELDOUT12's pixel effects (float RGB in, float RGB out): ``dark_mode`` the page rendered in dark mode
    (lightness inverted into 25-235, hues kept: dark paper, light lines, clues and fills), ``cold_press`` watercolour
    paper (a bumpy relief lit from one side, a cream tone), ``light_leak`` a film's light leak (a warm orange glow
    screened in from one edge), ``photocopy`` a photocopy (grey, mid tones a little darker, toner specks, the
    copier lid's shadow along the bottom or right edge)."""
    h, w = out.shape[:2]
    if e == "dark_mode":
        lab = cv2.cvtColor(np.clip(out, 0, 255).astype(np.uint8), cv2.COLOR_RGB2LAB).astype(np.float32)
        lab[:, :, 0] = 25 + (255 - lab[:, :, 0]) * (210 / 255)
        lab[:, :, 2] -= rng.uniform(3, 6)  # a cool, bluish dark grey paper
        return cv2.cvtColor(np.clip(lab, 0, 255).astype(np.uint8), cv2.COLOR_LAB2RGB).astype(np.float32)
    if e == "cold_press":
        g = np.random.default_rng(rng.randrange(1 << 30))
        bumps = cv2.GaussianBlur(g.normal(0, 1, (h, w)).astype(np.float32), (0, 0), rng.uniform(2.0, 3.0))
        bumps += 0.5 * cv2.GaussianBlur(g.normal(0, 1, (h, w)).astype(np.float32), (0, 0), 7.0)
        ang = rng.uniform(0, 2 * math.pi)
        relief = (math.cos(ang) * cv2.Sobel(bumps, cv2.CV_32F, 1, 0)
                  + math.sin(ang) * cv2.Sobel(bumps, cv2.CV_32F, 0, 1))
        relief /= max(1e-6, float(relief.std()))
        out = out * (1 + rng.uniform(0.035, 0.05) * relief)[:, :, None]
        return out * np.array([1.0, rng.uniform(0.97, 0.985), rng.uniform(0.91, 0.94)], np.float32)
    if e == "light_leak":
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        edge = rng.choice(("left", "right", "top", "bottom"))
        dist = {"left": xx, "right": w - 1 - xx, "top": yy, "bottom": h - 1 - yy}[edge]
        along = {"left": yy / h, "right": yy / h, "top": xx / w, "bottom": xx / w}[edge]
        spot = np.exp(-((along - rng.uniform(0.2, 0.8)) / 0.35) ** 2)
        glow = rng.uniform(0.35, 0.45) * np.exp(-dist / (rng.uniform(0.12, 0.18) * max(h, w))) * spot
        leak = np.array([255, rng.uniform(110, 140), rng.uniform(30, 60)], np.float32)
        return 255 - (255 - out) * (1 - glow[:, :, None] * leak / 255)
    if e == "photocopy":
        grey = 0.299 * out[:, :, 0] + 0.587 * out[:, :, 1] + 0.114 * out[:, :, 2]
        grey = 250 * (np.clip(grey, 0, 255) / 255) ** rng.uniform(1.1, 1.2)
        g = np.random.default_rng(rng.randrange(1 << 30))
        spots = np.zeros((h, w), np.float32)
        for _ in range(rng.randint(25, 45)):
            sx, sy = int(g.integers(0, w)), int(g.integers(0, h))
            spots[sy, sx] = g.uniform(0.5, 0.8)
        grey *= 1 - cv2.GaussianBlur(spots, (0, 0), 0.6) * 4
        n = rng.uniform(0.015, 0.025)
        if rng.random() < 0.5:
            t = np.clip((np.arange(h, dtype=np.float32) - (1 - n) * h) / (n * h), 0, 1)[:, None]
        else:
            t = np.clip((np.arange(w, dtype=np.float32) - (1 - n) * w) / (n * w), 0, 1)[None, :]
        grey = grey * (1 - 0.55 * t ** 1.5)
        grey += g.normal(0, 2.5, (h, w)).astype(np.float32)
        return np.repeat(grey[:, :, None], 3, axis=2)
    raise ValueError(e)


def _paper_colour(a: np.ndarray) -> tuple[int, int, int]:
    """The median colour of the image's outermost ring of pixels (the page's paper)."""
    ring = np.concatenate([a[0], a[-1], a[:, 0], a[:, -1]]).reshape(-1, 3)
    return tuple(int(v) for v in np.median(ring, axis=0))


LOREM = ("the puzzle of the week is a picture hidden in a grid each number gives the length of a run of filled "
         "cells in its row or column in order with at least one empty cell between runs start with the lines whose "
         "clues add up to nearly the whole width then work across from the edges when you are done the filled cells "
         "show a small picture readers who send in their solution by friday enter the monthly draw").split()


def _heldout12_layout(a: np.ndarray, e: str, rng: random.Random) -> np.ndarray:
    """HELDOUT12's page changes: ``magazine`` a magazine page (the puzzle at 0.7-0.8x with a column of body text beside
    it, a running head and a page number), ``coffee_ring`` 25-35 % more paper on one side with a coffee cup's ring on
    it, ``clipboard`` the page on a clipboard whose metal clip holds its top margin, ``tablet`` a landscape tablet app
    (the puzzle left, a side panel with a timer and buttons right) photographed in its dark bezel with a soft
    reflection over the screen, ``polaroid`` the picture as a polaroid on a table, turned 2-4 deg, ``tape`` the page
    with wider margins taped to a desk at two corners, ``browser`` a browser window (tab strip, address bar, a
    scrollbar) on a desktop."""
    h, w = a.shape[:2]
    sans = str(_font_dir() / "DejaVuSans.ttf")
    bold = str(_font_dir() / "DejaVuSans-Bold.ttf")
    serif = str(_font_dir() / "DejaVuSerif.ttf")
    if e == "magazine":
        f = rng.uniform(0.7, 0.8)
        small = cv2.resize(a, (round(w * f), round(h * f)), interpolation=cv2.INTER_AREA)
        sh, sw = small.shape[:2]
        col = round(sw * rng.uniform(0.55, 0.7))
        paper = (rng.randint(244, 250), rng.randint(241, 246), rng.randint(230, 238))
        small = (small.astype(np.float32) * np.array(paper, np.float32) / 255).astype(np.uint8)  # printed on the paper
        gap, m, head = round(0.06 * sw), round(0.06 * sw), round(0.1 * sh)
        W, H = m + sw + gap + col + m, head + sh + 2 * m
        page = Image.new("RGB", (W, H), paper)
        left_puzzle = rng.random() < 0.5
        px = m if left_puzzle else m + col + gap
        tx = m + sw + gap if left_puzzle else m
        page.paste(Image.fromarray(small), (px, head + m // 2))
        draw = ImageDraw.Draw(page)
        fh = ImageFont.truetype(bold, max(9, round(head * 0.32)))
        draw.text((m, head * 0.45), "PUZZLES & GAMES", font=fh, fill=(150, 30, 40), anchor="lm")
        draw.line([(m, head * 0.8), (W - m, head * 0.8)], fill=(60, 60, 60), width=max(1, round(head / 25)))
        size = max(8, round(sh * rng.uniform(0.024, 0.03)))
        font = ImageFont.truetype(serif, size)
        y, k = head + m // 2, rng.randrange(len(LOREM))
        while y < head + m // 2 + sh - size:
            line = ""
            while True:
                word = LOREM[k % len(LOREM)]
                if draw.textlength((line + " " + word).strip(), font=font) > col:
                    break
                line, k = (line + " " + word).strip(), k + 1
            draw.text((tx, y), line, font=font, fill=(40, 40, 40))
            y += round(size * 1.45)
        draw.text((W / 2, H - m / 2), str(rng.randint(20, 90)), font=ImageFont.truetype(serif, max(8, size)),
                  fill=(60, 60, 60), anchor="mm")
        return np.asarray(page)
    if e == "coffee_ring":
        paper = _paper_colour(a)
        right = rng.random() < 0.5
        ext = round((w if right else h) * rng.uniform(0.25, 0.35))
        a = perturb.pad(a, 0, 0 if right else ext, 0, ext if right else 0, color=paper)
        H, W = a.shape[:2]
        r = ext * rng.uniform(0.55, 0.7)
        cx = (w + ext * rng.uniform(0.5, 0.75)) if right else rng.uniform(0.2, 0.8) * w
        cy = rng.uniform(0.2, 0.8) * h if right else (h + ext * rng.uniform(0.5, 0.75))
        yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
        ang = np.arctan2(yy - cy, xx - cx)
        rr = np.hypot(xx - cx, yy - cy) / r
        rim = np.exp(-((rr - 1) / (0.025 + 0.012 * np.sin(3 * ang + rng.uniform(0, 6)))) ** 2)
        rim *= 0.55 + 0.45 * (0.5 + 0.5 * np.sin(2 * ang + rng.uniform(0, 6)))
        stain = 0.45 * rim + 0.06 * (rr < 1)
        brown = np.array([0.35, 0.55, 0.8], np.float32)  # how much of each channel the coffee absorbs
        f = a.astype(np.float32) * (1 - stain[:, :, None] * brown)
        return np.clip(f, 0, 255).astype(np.uint8)
    if e == "clipboard":
        mt, mb, ms = round(0.16 * h), round(0.05 * h), round(0.06 * w)
        H, W = h + mt + mb, w + 2 * ms
        g = np.random.default_rng(rng.randrange(1 << 30))
        grain = cv2.GaussianBlur(g.normal(0, 1, (H, W)).astype(np.float32), (0, 0), sigmaX=1.2, sigmaY=20)
        board = np.array([150, 108, 68], np.float32) * (1 + 0.05 * grain / max(1e-6, float(grain.std())))[:, :, None]
        shade = np.zeros((H, W), np.float32)
        shade[mt + 4:mt + h + 4, ms + 4:ms + w + 4] = 1
        board *= (1 - 0.35 * cv2.GaussianBlur(shade, (0, 0), 4))[:, :, None]
        board[mt:mt + h, ms:ms + w] = a
        page = Image.fromarray(np.clip(board, 0, 255).astype(np.uint8))
        draw = ImageDraw.Draw(page)
        cw, over = 0.36 * w, min(8, round(0.012 * h))
        cx0 = ms + w / 2 - cw / 2 + rng.uniform(-0.05, 0.05) * w
        draw.rounded_rectangle([cx0 + 6, mt * 0.35 + 6, cx0 + cw + 6, mt + over + 6], radius=round(0.03 * w),
                               fill=(95, 70, 45))
        draw.rounded_rectangle([cx0, mt * 0.35, cx0 + cw, mt + over], radius=round(0.03 * w), fill=(185, 188, 192),
                               outline=(120, 122, 128), width=2)
        draw.rounded_rectangle([cx0 + cw * 0.3, mt * 0.1, cx0 + cw * 0.7, mt * 0.5], radius=round(0.02 * w),
                               outline=(150, 152, 158), width=max(3, round(0.01 * w)))
        draw.line([(cx0 + 4, mt * 0.55), (cx0 + cw - 4, mt * 0.55)], fill=(225, 228, 232), width=2)
        f = np.asarray(page).astype(np.float32)
        yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
        ang = rng.uniform(0, 2 * math.pi)
        t = ((xx - W / 2) * math.cos(ang) + (yy - H / 2) * math.sin(ang)) / (0.5 * math.hypot(W, H))
        f *= (1 - rng.uniform(0.06, 0.1) * (t + 1))[:, :, None]
        a = np.clip(f, 0, 255).astype(np.uint8)
        return page_perturb.rotate_expand(a, rng.uniform(-1.5, 1.5), fill=(70, 65, 60))[0]
    if e == "tablet":
        sh = round(h * rng.uniform(1.12, 1.2))
        sw = round(sh * 4 / 3)
        screen = Image.new("RGB", (sw, sh), (238, 239, 243))
        top = round((sh - h) / 2)
        screen.paste(Image.fromarray(a), (round(0.04 * sw), top))
        draw = ImageDraw.Draw(screen)
        px = round(0.04 * sw) + w + round(0.04 * sw)
        draw.rounded_rectangle([px, top, sw - round(0.03 * sw), sh - top], radius=round(0.02 * sw),
                               fill=(255, 255, 255), outline=(215, 215, 222))
        pw = sw - round(0.03 * sw) - px
        f_title = ImageFont.truetype(bold, max(10, round(pw * 0.09)))
        f_text = ImageFont.truetype(sans, max(9, round(pw * 0.07)))
        mid = px + pw / 2
        draw.text((mid, top + 0.08 * sh), "Nonogram", font=f_title, fill=(30, 30, 40), anchor="mm")
        draw.text((mid, top + 0.16 * sh), f"Level {rng.randint(3, 40)}", font=f_text, fill=(110, 110, 125), anchor="mm")
        draw.text((mid, top + 0.26 * sh), f"Time 0{rng.randint(1, 9)}:{rng.randint(10, 59)}", font=f_text,
                  fill=(40, 40, 50), anchor="mm")
        for k, label in enumerate(("Check", "Undo", "Hint")):
            by = top + (0.38 + 0.12 * k) * sh
            draw.rounded_rectangle([px + 0.12 * pw, by, px + 0.88 * pw, by + 0.08 * sh], radius=round(0.04 * sh),
                                   fill=(52, 110, 220) if k == 0 else (232, 236, 245))
            draw.text((mid, by + 0.04 * sh), label, font=f_text, fill=(255, 255, 255) if k == 0 else (52, 110, 220),
                      anchor="mm")
        f = np.asarray(screen).astype(np.float32)
        yy, xx = np.mgrid[0:sh, 0:sw].astype(np.float32)
        ang = rng.uniform(0.5, 1.0)
        t = (xx * math.cos(ang) + yy * math.sin(ang)) / math.hypot(sw, sh)
        band = np.exp(-((t - rng.uniform(0.3, 0.7)) / rng.uniform(0.12, 0.18)) ** 2) * rng.uniform(0.12, 0.18)
        f = f + (255 - f) * band[:, :, None]
        bez = round(0.05 * sh)
        dev = perturb.pad(np.clip(f, 0, 255).astype(np.uint8), bez, bez, bez, bez, color=(22, 22, 25))
        dev = perturb.noise(dev, 2.5, rng.randrange(1 << 30))
        table = tuple(rng.randint(150, 180) + k for k in (6, 3, 0))
        dev = perturb.pad(dev, *(round(0.04 * sh) for _ in range(4)), color=table)
        return page_perturb.rotate_expand(dev, rng.uniform(-2.0, 2.0), fill=table)[0]
    if e == "polaroid":
        f = rng.uniform(0.8, 0.9)
        photo = cv2.resize(a, (round(w * f), round(h * f)), interpolation=cv2.INTER_AREA).astype(np.float32)
        photo = np.clip((photo - 128) * 1.05 + 128 + np.array([4, 1, -6], np.float32), 0, 255).astype(np.uint8)
        ph, pw = photo.shape[:2]
        side, bottom = round(0.06 * pw), round(0.24 * pw)
        frame = Image.new("RGB", (pw + 2 * side, ph + side + bottom), (246, 244, 237))
        frame.paste(Image.fromarray(photo), (side, side))
        draw = ImageDraw.Draw(frame)
        font = ImageFont.truetype(str(_font_dir() / "DejaVuSans-Oblique.ttf"), max(10, round(bottom * 0.28)))
        draw.text((side * 1.5, ph + side + bottom * 0.5), "solved!", font=font, fill=(40, 50, 120), anchor="lm")
        fr = np.asarray(frame)
        fh, fw = fr.shape[:2]
        m = round(0.1 * max(fh, fw))
        table = tuple(rng.randint(95, 125) + k for k in (14, 8, 0))
        canvas = np.empty((fh + 2 * m, fw + 2 * m, 3), np.float32)
        canvas[:] = table
        shade = np.zeros(canvas.shape[:2], np.float32)
        shade[m + 6:m + 6 + fh, m + 5:m + 5 + fw] = 1
        canvas *= (1 - 0.4 * cv2.GaussianBlur(shade, (0, 0), 5))[:, :, None]
        canvas[m:m + fh, m:m + fw] = fr
        return page_perturb.rotate_expand(np.clip(canvas, 0, 255).astype(np.uint8),
                                          rng.choice((-1, 1)) * rng.uniform(2.0, 4.0), fill=table)[0]
    if e == "tape":
        paper = _paper_colour(a)
        p = round(0.09 * max(h, w))
        a = perturb.pad(a, p, p, p, p, color=paper)
        ph, pw = a.shape[:2]
        m = round(0.07 * max(ph, pw))
        desk = tuple(rng.randint(170, 200) - k for k in (0, 4, 12))
        canvas = np.empty((ph + 2 * m, pw + 2 * m, 3), np.float32)
        canvas[:] = desk
        shade = np.zeros(canvas.shape[:2], np.float32)
        shade[m + 3:m + 3 + ph, m + 3:m + 3 + pw] = 1
        canvas *= (1 - 0.3 * cv2.GaussianBlur(shade, (0, 0), 3))[:, :, None]
        canvas[m:m + ph, m:m + pw] = a
        H, W = canvas.shape[:2]
        tape = Image.new("L", (W, H), 0)
        td = ImageDraw.Draw(tape)
        corners = rng.choice((((m, m), (m + pw, m)), ((m, m), (m + pw, m + ph)), ((m + pw, m), (m, m + ph))))
        for qx, qy in corners:
            inward = (1 if qx == m else -1, 1 if qy == m else -1)
            ux, uy = inward[0] / math.sqrt(2), -inward[1] / math.sqrt(2)  # along the tape: across the corner
            half_len, half_w = 0.6 * p * rng.uniform(0.9, 1.1), 0.28 * p
            vx, vy = inward[0] / math.sqrt(2), inward[1] / math.sqrt(2)
            ox, oy = qx + vx * 0.15 * p, qy + vy * 0.15 * p
            td.polygon([(ox + ux * half_len + vx * half_w, oy + uy * half_len + vy * half_w),
                        (ox - ux * half_len + vx * half_w, oy - uy * half_len + vy * half_w),
                        (ox - ux * half_len - vx * half_w, oy - uy * half_len - vy * half_w),
                        (ox + ux * half_len - vx * half_w, oy + uy * half_len - vy * half_w)], fill=255)
        alpha = np.asarray(tape, np.float32)[:, :, None] / 255 * rng.uniform(0.45, 0.55)
        canvas = canvas * (1 - alpha) + np.array([232, 218, 170], np.float32) * alpha
        a = np.clip(canvas, 0, 255).astype(np.uint8)
        return page_perturb.rotate_expand(a, rng.uniform(-1.0, 1.0), fill=desk)[0]
    if e == "browser":
        tabs, bar, scroll = round(0.06 * h), round(0.07 * h), max(10, round(0.02 * w))
        pad = round(0.04 * w)
        W, H = w + 2 * pad + scroll, h + tabs + bar + 2 * pad
        win = Image.new("RGB", (W, H), (255, 255, 255))
        win.paste(Image.fromarray(a), (pad, tabs + bar + pad))
        draw = ImageDraw.Draw(win)
        draw.rectangle([0, 0, W, tabs], fill=(222, 225, 230))
        ft = ImageFont.truetype(sans, max(9, round(tabs * 0.38)))
        draw.rounded_rectangle([0.12 * W, 0.18 * tabs, 0.52 * W, tabs + 4], radius=round(tabs * 0.25),
                               fill=(255, 255, 255))
        draw.text((0.15 * W, 0.6 * tabs), "Daily Nonogram \u2013 solved", font=ft, fill=(40, 40, 45), anchor="lm")
        for k, colour in enumerate(((237, 106, 94), (245, 191, 79), (98, 197, 84))):
            draw.ellipse([0.015 * W + k * 0.9 * tabs * 0.55 - 0.14 * tabs + 0.14 * tabs, 0.36 * tabs,
                          0.015 * W + k * 0.9 * tabs * 0.55 + 0.14 * tabs + 0.14 * tabs, 0.64 * tabs], fill=colour)
        draw.rectangle([0, tabs, W, tabs + bar], fill=(255, 255, 255))
        draw.line([(0, tabs + bar), (W, tabs + bar)], fill=(215, 215, 220), width=1)
        draw.rounded_rectangle([0.1 * W, tabs + 0.18 * bar, 0.9 * W, tabs + 0.82 * bar], radius=round(0.32 * bar),
                               fill=(241, 243, 244))
        draw.text((0.13 * W, tabs + 0.5 * bar), "puzzles.example.org/nonogram/daily", font=ft, fill=(70, 70, 75),
                  anchor="lm")
        draw.text((0.04 * W, tabs + 0.5 * bar), "\u2190  \u21bb", font=ft, fill=(90, 90, 95), anchor="lm")
        draw.rectangle([W - scroll, tabs + bar + 1, W, H], fill=(241, 241, 241))
        draw.rounded_rectangle([W - scroll + 2, tabs + bar + 4, W - 2, tabs + bar + 4 + 0.45 * (H - tabs - bar)],
                               radius=scroll // 2, fill=(193, 193, 193))
        fr = np.asarray(win)
        m = round(0.05 * max(H, W))
        desk = (58, 84, 120)
        canvas = np.empty((H + 2 * m, W + 2 * m, 3), np.float32)
        canvas[:] = desk
        shade = np.zeros(canvas.shape[:2], np.float32)
        shade[m + 4:m + 4 + H, m:m + W] = 1
        canvas *= (1 - 0.45 * cv2.GaussianBlur(shade, (0, 0), 6))[:, :, None]
        canvas[m:m + H, m:m + W] = fr
        return np.clip(canvas, 0, 255).astype(np.uint8)
    raise ValueError(e)


def _heldout12_grid(d: ImageDraw.ImageDraw, layout: dict[str, Any], rng: random.Random, kind: str) -> None:
    """HELDOUT12's grids: ``double_major`` every 5-cell line and the border a double rule (two thin dark lines),
    ``cmyk_lines`` every line printed with its cyan and magenta plates 1-2 px out of register, ``wide_border`` a heavy
    frame (a quarter of a cell at most, mostly outside the cells), ``brown_ink`` light brown lines with dark brown
    5-cell lines, ``green_eng`` engineering paper's light green lines with dark green 5-cell lines, ``overshoot`` a
    hand-drawn grid whose lines run 10-25 % of a cell past the frame."""
    gx0, gy0, gx1, gy1 = layout["grid_bbox"]
    rows, cols, cell = layout["rows"], layout["cols"], layout["cell_px"]
    thin = max(1, round(cell / rng.uniform(14, 24)))
    thick = max(3, round(cell / rng.uniform(7, 10)))
    minor_ink, major_ink = (90, 90, 90), (0, 0, 0)
    if kind == "brown_ink":
        minor_ink, major_ink = (175, 145, 115), (85, 50, 25)
    elif kind == "green_eng":
        minor_ink, major_ink = (140, 195, 155), (20, 95, 50)
    lines = []
    for k in range(cols + 1):
        x = gx0 + k * (gx1 - gx0) / cols
        lines.append(("v", k, x, k % 5 == 0 or k == cols, k in (0, cols)))
    for k in range(rows + 1):
        y = gy0 + k * (gy1 - gy0) / rows
        lines.append(("h", k, y, k % 5 == 0 or k == rows, k in (0, rows)))

    def seg(o, at, a, b, colour, width):
        d.line([(at, a), (at, b)] if o == "v" else [(a, at), (b, at)], fill=colour, width=max(1, round(width)))

    def span(o):
        return (gy0, gy1) if o == "v" else (gx0, gx1)

    if kind == "double_major":
        rule, gap = max(1, round(cell / rng.uniform(18, 24))), max(2.0, cell * rng.uniform(0.06, 0.08))
        for o, k, at, major, border in lines:
            a, b = span(o)
            if not major:
                seg(o, at, a, b, minor_ink, thin)
                continue
            for s in (-0.5, 0.5):
                seg(o, at + s * gap, a - gap / 2, b + gap / 2, major_ink, rule)
        return
    if kind == "cmyk_lines":
        dx, dy = rng.choice((-1, 1)) * rng.choice((1, 2)), rng.choice((-1, 1)) * rng.choice((1, 2))
        for ink, sx, sy in (((0, 170, 230), dx, dy), ((230, 40, 150), -dx, -dy)):
            for o, k, at, major, border in lines:
                a, b = span(o)
                seg(o, at + (sx if o == "v" else sy), a + (sy if o == "v" else sx), b + (sy if o == "v" else sx), ink,
                    thick if major else thin)
        for o, k, at, major, border in lines:
            a, b = span(o)
            seg(o, at, a, b, major_ink if major else minor_ink, thick if major else thin)
        return
    if kind == "overshoot":
        for o, k, at, major, border in lines:
            a, b = span(o)
            a -= rng.uniform(0.1, 0.25) * cell
            b += rng.uniform(0.1, 0.25) * cell
            seg(o, at, a, b, (25, 25, 25) if major else (95, 95, 95), thick if major else thin)
        return
    for o, k, at, major, border in lines:
        a, b = span(o)
        seg(o, at, a, b, major_ink if major else minor_ink, thick if major else thin)
    if kind == "wide_border":
        rb, cb = layout["row_clue_bbox"], layout["col_clue_bbox"]
        out_w = max(1.0, min(0.16 * cell, gx0 - rb[2] - 2, gy0 - cb[3] - 2))
        in_w = 0.08 * cell
        d.rectangle([gx0 - out_w, gy0 - out_w, gx1 + out_w, gy1 + out_w], outline=major_ink,
                    width=max(2, round(out_w + in_w)))


# ------------------------------------------------------------------------------------------ HELDOUT13


HELDOUT13_FILLS = ("felt_overlap", "voxel", "neon", "brick_stud", "cross_stitch", "ticked_tile", "ballpoint",
                   "light_felt", "light_voxel", "outline_bars", "outline_shadowed")
HELDOUT13_MARKS = ("cursive_x", "typed_saltire", "green_x", "pencil_dot", "typed_middle_dot", "tail_dot", "off_dot",
                   "heavy_x_neon", "heavy_x_cursive", "heavy_x_outline", "heavy_x_stitch")
HELDOUT13_EFFECTS = ("flicker_bands", "scanner_app", "ink_spread", "eink", "toner_streaks", "night_shift")
HELDOUT13_LAYOUTS = ("sticky_note", "book_scan", "slide", "social_post", "video_frame", "projected", "spiral_pad")
HELDOUT13_GRIDS = ("violet_ink", "heavy_minor", "dash_dot", "pencil_grid")


def _lighter(colour, f: float) -> tuple[int, int, int]:
    """``colour`` moved a fraction ``f`` of the way to white."""
    return tuple(round(c + (255 - c) * f) for c in colour)


def _darker(colour, f: float) -> tuple[int, int, int]:
    return tuple(round(c * f) for c in colour)


def _draw_fill_h13(img: Image.Image, d: ImageDraw.ImageDraw, box, kind: str, colour, rng: random.Random) -> None:
    """HELDOUT13's fills and planted marks: ``felt_overlap`` four or five translucent felt-tip strokes across the cell,
    darker where they overlap, with paler streaks along each stroke, ``voxel`` a cube drawn in oblique projection (a
    front face, a lighter top, a darker side), ``neon`` a bright rounded tile with a glow spilling past the cell and a
    paler tube along its inside, ``brick_stud`` a toy brick seen from above (a square with a round stud, its
    highlight and shadow), ``cross_stitch`` 4x4 or 5x5 thread cross-stitches, ``ticked_tile`` a dark rounded tile
    with a white tick (an app confirming the cell), ``ballpoint`` dense back-and-forth ballpoint shading running a
    little past the cell; planted marks: ``light_felt`` the felt-tip strokes in a pale grey, ``light_voxel`` a pale
    cube, ``outline_bars`` a stencilled frame (four thick bars, open at the corners), ``outline_shadowed`` a thick
    frame whose white hole has an inner shadow."""
    x0, y0, x1, y1 = box
    w = x1 - x0
    side = max(4, round(w))
    X, Y = round(x0), round(y0)
    j = lambda a, b: rng.uniform(a, b) * w  # noqa: E731
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    if kind in ("felt_overlap", "light_felt"):
        under = np.asarray(img.crop((X, Y, X + side, Y + side)), np.float32)
        n = rng.randint(4, 5)
        m = rng.uniform(0.06, 0.09) * side
        width = rng.uniform(0.27, 0.32) * side
        ink = 1 - np.array(colour, np.float32) / 255  # what one full layer takes out of each channel
        keep = np.ones((side, side, 3), np.float32)
        for k in range(n):
            yc = m + width / 2 + k * (side - 2 * m - width) / (n - 1) + rng.uniform(-0.02, 0.02) * side
            tilt = rng.uniform(-0.03, 0.03) * side
            mask = Image.new("L", (side, side), 0)
            md = ImageDraw.Draw(mask)
            a, b = (m + width / 2, yc - tilt), (side - m - width / 2, yc + tilt)
            md.line([a, b], fill=255, width=max(2, round(width)))
            for px, py in (a, b):
                md.ellipse([px - width / 2, py - width / 2, px + width / 2, py + width / 2], fill=255)
            alpha = cv2.GaussianBlur(np.asarray(mask, np.float32) / 255, (0, 0), 0.6)
            streak = np.ones(side, np.float32)
            for row in rng.sample(range(side), max(2, side // 9)):
                streak[row] = rng.uniform(0.55, 0.75)
            alpha *= (rng.uniform(0.78, 0.86) if kind == "felt_overlap" else 0.8) * streak[:, None]
            keep *= 1 - alpha[:, :, None] * ink[None, None, :]
        img.paste(Image.fromarray(np.clip(under * keep, 0, 255).astype(np.uint8)), (X, Y))
    elif kind in ("voxel", "light_voxel"):
        m = j(0.04, 0.07)
        depth = j(0.14, 0.2)
        top, sidec = _lighter(colour, 0.35), _darker(colour, 0.6 if kind == "voxel" else 0.88)
        edge = _darker(colour, 0.5 if kind == "voxel" else 0.8)
        a, b, c_, e_ = x0 + m, y0 + m, x1 - m, y1 - m
        d.rectangle([a, b + depth, c_ - depth, e_], fill=colour)
        d.polygon([(a, b + depth), (a + depth, b), (c_, b), (c_ - depth, b + depth)], fill=top)
        d.polygon([(c_ - depth, b + depth), (c_, b), (c_, e_ - depth), (c_ - depth, e_)], fill=sidec)
        lw = max(1, round(w / 30))
        d.line([(a, b + depth), (c_ - depth, b + depth), (c_ - depth, e_)], fill=edge, width=lw)
        d.line([(c_ - depth, b + depth), (c_, b)], fill=edge, width=lw)
    elif kind == "neon":
        P = round(1.3 * w)
        ox, oy = round(x0 - 0.15 * w), round(y0 - 0.15 * w)
        inset = 0.15 * w + j(0.08, 0.11)
        mask = Image.new("L", (P, P), 0)
        ImageDraw.Draw(mask).rounded_rectangle([inset, inset, P - inset, P - inset], radius=0.2 * w, fill=255)
        glow = cv2.GaussianBlur(np.asarray(mask, np.float32) / 255, (0, 0), 0.07 * w) * rng.uniform(0.5, 0.65)
        img.paste(colour, (ox, oy), Image.fromarray((glow * 255).astype(np.uint8)))
        img.paste(colour, (ox, oy), mask)
        tube = inset + rng.uniform(0.1, 0.13) * w
        d.rounded_rectangle([ox + tube, oy + tube, ox + P - tube, oy + P - tube], radius=0.12 * w,
                            outline=_lighter(colour, 0.5), width=max(1, round(w * 0.05)))
    elif kind == "brick_stud":
        m = j(0.03, 0.05)
        d.rectangle([x0 + m, y0 + m, x1 - m, y1 - m], fill=colour, outline=_darker(colour, 0.55),
                    width=max(1, round(w / 22)))
        r = j(0.22, 0.26)
        sx, sy = 0.04 * w, 0.05 * w
        d.ellipse([cx - r + sx, cy - r + sy, cx + r + sx, cy + r + sy], fill=_darker(colour, 0.6))
        d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=colour)
        d.arc([cx - r * 0.8, cy - r * 0.8, cx + r * 0.8, cy + r * 0.8], 160, 290, fill=_lighter(colour, 0.5),
              width=max(1, round(w / 20)))
    elif kind == "cross_stitch":
        n = rng.choice((4, 5))
        m = 0.04 * w
        pitch = (w - 2 * m) / n
        width = max(2, round(pitch * rng.uniform(0.48, 0.55)))
        for by in range(n):
            for bx in range(n):
                sx, sy = x0 + m + bx * pitch, y0 + m + by * pitch
                tone = tuple(max(0, min(255, c + rng.randint(-12, 12))) for c in colour)
                d.line([(sx + 0.1 * pitch, sy + 0.9 * pitch), (sx + 0.9 * pitch, sy + 0.1 * pitch)], fill=tone,
                       width=width)
                d.line([(sx + 0.1 * pitch, sy + 0.1 * pitch), (sx + 0.9 * pitch, sy + 0.9 * pitch)],
                       fill=_darker(tone, 0.85), width=width)
    elif kind == "ticked_tile":
        m = j(0.04, 0.07)
        d.rounded_rectangle([x0 + m, y0 + m, x1 - m, y1 - m], radius=0.08 * w, fill=colour)
        d.line([(x0 + 0.28 * w, y0 + 0.52 * w), (x0 + 0.44 * w, y0 + 0.68 * w), (x0 + 0.74 * w, y0 + 0.34 * w)],
               fill=(255, 255, 255), width=max(2, round(w * 0.09)), joint="curve")
    elif kind == "ballpoint":
        P = round(1.2 * w)
        off = 0.1 * w
        patch = Image.new("L", (P, P), 0)
        pd = ImageDraw.Draw(patch)
        n = rng.randint(15, 19)
        slant = rng.uniform(0.2, 0.35) * w
        pts = []
        for k in range(-3, n + 4):
            x = off + k * w / n
            top = (k % 2 == 0)
            yv = off + (rng.uniform(-0.05, 0.03) * w if top else w + rng.uniform(-0.03, 0.05) * w)
            pts.append((x + (slant / 2 if top else -slant / 2), yv))
        pd.line(pts, fill=255, width=max(1, round(w / 22)), joint="curve")
        alpha = np.asarray(patch).copy()
        lo = [round(off + rng.uniform(-0.04, 0.05) * w) for _ in range(2)]
        hi = [round(off + w - rng.uniform(-0.04, 0.05) * w) for _ in range(2)]
        clip = np.zeros_like(alpha)
        clip[lo[1]:hi[1], lo[0]:hi[0]] = 1
        img.paste(colour, (round(x0 - off), round(y0 - off)), Image.fromarray(alpha * clip))
    elif kind == "outline_bars":
        m = 0.04 * w
        t = j(0.22, 0.26)
        g = j(0.06, 0.09)
        a, b, c_, e_ = x0 + m, y0 + m, x1 - m, y1 - m
        for rect in ([a + g, b, c_ - g, b + t], [a + g, e_ - t, c_ - g, e_], [a, b + g, a + t, e_ - g],
                     [c_ - t, b + g, c_, e_ - g]):
            d.rectangle(rect, fill=colour)
    elif kind == "outline_shadowed":
        m = max(1, round(0.04 * side))
        t = round(rng.uniform(0.2, 0.25) * side)
        tone = np.full((side, side, 3), 255, np.float32)
        tone[m:side - m, m:side - m] = colour
        yy, xx = np.mgrid[0:side, 0:side].astype(np.float32)
        depth = 0.1 * side
        shade = np.maximum(np.clip(1 - (yy - m - t) / depth, 0, 1), np.clip(1 - (xx - m - t) / depth, 0, 1))
        hole = (yy >= m + t) & (yy < side - m - t) & (xx >= m + t) & (xx < side - m - t)
        tone[hole] = (255 - 85 * shade[hole])[:, None]
        mask = np.zeros((side, side), np.uint8)
        mask[m:side - m, m:side - m] = 255
        img.paste(Image.fromarray(tone.astype(np.uint8)), (X, Y), Image.fromarray(mask))


def _x_arm(ax: float, ay: float, bx: float, by: float, half: float, inset: float = 0.0) -> list[tuple[float, float]]:
    """The rectangle of an X's arm from (ax, ay) to (bx, by), ``half`` wide each side, shrunk ``inset`` all round."""
    ln = math.hypot(bx - ax, by - ay)
    ux, uy = (bx - ax) / ln, (by - ay) / ln
    nx, ny = -uy, ux
    ax, ay, bx, by = ax + ux * inset, ay + uy * inset, bx - ux * inset, by - uy * inset
    h = half - inset
    return [(ax + nx * h, ay + ny * h), (bx + nx * h, by + ny * h), (bx - nx * h, by - ny * h),
            (ax - nx * h, ay - ny * h)]


def _cursive_x(d: ImageDraw.ImageDraw, cx: float, cy: float, half: float, waist: float, width: int, ink) -> None:
    """A handwritten x as two arcs back to back, ")(" touching at the middle."""
    ts = np.linspace(0, 1, 14)
    for sgn in (-1, 1):
        pts = [(cx + sgn * (half - (half - waist) * math.sin(math.pi * t)), cy - half + 2 * half * t) for t in ts]
        d.line(pts, fill=ink, width=width, joint="curve")
        for px, py in (pts[0], pts[-1]):
            d.ellipse([px - width / 2, py - width / 2, px + width / 2, py + width / 2], fill=ink)


def _draw_empty_h13(d: ImageDraw.ImageDraw, box, kind: str, rng: random.Random) -> None:
    """HELDOUT13's marks: for empty cells ``cursive_x`` a handwritten x as two arcs back to back, ``typed_saltire``
    the box-drawing diagonal cross (U+2573) typed in the cell, ``green_x`` a small X in a green felt-tip with round
    ends, ``pencil_dot`` a grainy pencil dot, ``typed_middle_dot`` a typed middle dot (U+00B7), ``tail_dot`` a pen's dot
    with the short tail of its landing, ``off_dot`` a dot set well off the centre; drawn instead of a fill (the
    planted ``x_instead`` error): ``heavy_x_neon`` a heavy magenta X with a paler halo, ``heavy_x_cursive`` a heavy
    felt-tip handwritten x, ``heavy_x_outline`` a hollow heavy X (its outline only), ``heavy_x_stitch`` a large
    X stitched in three threads per arm."""
    x0, y0, x1, y1 = box
    w = x1 - x0
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    ink = (30, 30, 30)
    if kind == "cursive_x":
        _cursive_x(d, cx + rng.uniform(-0.03, 0.03) * w, cy + rng.uniform(-0.03, 0.03) * w, rng.uniform(0.17, 0.21) * w,
                   0.03 * w, max(1, round(w * 0.05)), ink)
    elif kind == "typed_saltire":
        font = ImageFont.truetype(str(_font_dir() / "DejaVuSans.ttf"), max(8, round(w * rng.uniform(0.42, 0.5))))
        bx0, by0, bx1, by1 = d.textbbox((0, 0), "\u2573", font=font)
        d.text((cx - (bx0 + bx1) / 2, cy - (by0 + by1) / 2), "\u2573", font=font, fill=ink)
    elif kind == "green_x":
        m = rng.uniform(0.3, 0.34) * w
        width = max(2, round(w * rng.uniform(0.07, 0.09)))
        green = (30, 135, 65)
        for (ax, ay), (bx, by) in (((x0 + m, y0 + m), (x1 - m, y1 - m)), ((x0 + m, y1 - m), (x1 - m, y0 + m))):
            d.line([(ax, ay), (bx, by)], fill=green, width=width)
            for px, py in ((ax, ay), (bx, by)):
                d.ellipse([px - width / 2, py - width / 2, px + width / 2, py + width / 2], fill=green)
    elif kind == "pencil_dot":
        r = rng.uniform(0.07, 0.09) * w
        for _ in range(max(12, round(r * r * 1.6))):
            ang, rad = rng.uniform(0, 2 * math.pi), r * math.sqrt(rng.random())
            px, py = cx + rad * math.cos(ang), cy + rad * math.sin(ang)
            tone = rng.randint(95, 150)
            s = rng.uniform(0.6, 1.3)
            d.ellipse([px - s, py - s, px + s, py + s], fill=(tone, tone, tone + 4))
    elif kind == "typed_middle_dot":
        font = ImageFont.truetype(str(_font_dir() / "DejaVuSerif-Bold.ttf"), max(8, round(w * rng.uniform(0.8, 0.95))))
        bx0, by0, bx1, by1 = d.textbbox((0, 0), "\u00b7", font=font)
        d.text((cx - (bx0 + bx1) / 2, cy - (by0 + by1) / 2 + 0.04 * w), "\u00b7", font=font, fill=ink)
    elif kind == "tail_dot":
        r = rng.uniform(0.06, 0.08) * w
        d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=ink)
        ang = math.radians(rng.uniform(20, 70))
        ln = rng.uniform(0.1, 0.14) * w
        d.line([(cx, cy), (cx + ln * math.cos(ang), cy + ln * math.sin(ang))], fill=ink, width=max(1, round(w * 0.04)))
    elif kind == "off_dot":
        r = rng.uniform(0.06, 0.08) * w
        px = cx + rng.choice((-1, 1)) * rng.uniform(0.12, 0.17) * w
        py = cy + rng.choice((-1, 1)) * rng.uniform(0.12, 0.17) * w
        d.ellipse([px - r, py - r, px + r, py + r], fill=ink)
    elif kind == "heavy_x_neon":
        m = rng.uniform(0.14, 0.18) * w
        width = max(3, round(w * rng.uniform(0.16, 0.2)))
        magenta = (225, 30, 165)
        for colour, wd in ((_lighter(magenta, 0.6), round(width * 1.7)), (magenta, width)):
            for (ax, ay), (bx, by) in (((x0 + m, y0 + m), (x1 - m, y1 - m)), ((x0 + m, y1 - m), (x1 - m, y0 + m))):
                d.line([(ax, ay), (bx, by)], fill=colour, width=wd)
                for px, py in ((ax, ay), (bx, by)):
                    d.ellipse([px - wd / 2, py - wd / 2, px + wd / 2, py + wd / 2], fill=colour)
    elif kind == "heavy_x_cursive":
        _cursive_x(d, cx, cy, rng.uniform(0.28, 0.32) * w, 0.06 * w, max(3, round(w * rng.uniform(0.15, 0.18))),
                   (20, 20, 28))
    elif kind == "heavy_x_outline":
        m = rng.uniform(0.12, 0.16) * w
        half = rng.uniform(0.13, 0.15) * w
        t = max(1.5, rng.uniform(0.045, 0.06) * w)
        arms = (((x0 + m, y0 + m), (x1 - m, y1 - m)), ((x0 + m, y1 - m), (x1 - m, y0 + m)))
        for (ax, ay), (bx, by) in arms:
            d.polygon(_x_arm(ax, ay, bx, by, half), fill=(20, 20, 20))
        for (ax, ay), (bx, by) in arms:
            d.polygon(_x_arm(ax, ay, bx, by, half, t), fill=(255, 255, 255))
    elif kind == "heavy_x_stitch":
        m = rng.uniform(0.12, 0.16) * w
        width = max(2, round(w * rng.uniform(0.06, 0.07)))
        for (ax, ay), (bx, by) in (((x0 + m, y1 - m), (x1 - m, y0 + m)), ((x0 + m, y0 + m), (x1 - m, y1 - m))):
            ln = math.hypot(bx - ax, by - ay)
            nx, ny = -(by - ay) / ln, (bx - ax) / ln
            for s in (-1, 0, 1):
                o = s * 0.065 * w
                tone = rng.randint(25, 45)
                d.line([(ax + nx * o, ay + ny * o), (bx + nx * o, by + ny * o)], fill=(tone, tone, tone + 8),
                       width=width)


def _heldout13_effect(out: np.ndarray, e: str, rng: random.Random) -> np.ndarray:
    """HELDOUT13's pixel effects (float RGB in, float RGB out): ``flicker_bands`` a phone photographing an LED-lit
    screen: soft horizontal bands 8-14 % darker, a little slanted, and sensor noise, ``scanner_app`` a phone scanning
    app's "enhance": uneven light flattened to within a few %, the levels stretched (paper to white, ink to black)
    and sharpened, ``ink_spread`` soft paper: every dark stroke spreading by about a pixel, ``eink`` an e-reader's
    screen: grey paper, ink at 35-50, 16 grey levels, a faint (2.5 %) ghost of a shifted copy, ``toner_streaks`` a laser
    print low on toner: faint vertical bands where the ink is 30-45 % paler, ``night_shift`` a screenshot taken
    with the display's warm night filter on (green and blue cut)."""
    h, w = out.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    g = np.random.default_rng(rng.randrange(1 << 30))
    if e == "flicker_bands":
        period = rng.uniform(0.12, 0.2) * h
        slant = rng.uniform(-0.04, 0.04)
        phase = rng.uniform(0, 2 * math.pi)
        band = 0.5 + 0.5 * np.sin(2 * math.pi * (yy + slant * xx) / period + phase)
        out = out * (1 - rng.uniform(0.08, 0.14) * band)[:, :, None]
        return out + g.normal(0, 2.5, out.shape).astype(np.float32)
    if e == "scanner_app":
        ang = rng.uniform(0, 2 * math.pi)
        t = ((xx - w / 2) * math.cos(ang) + (yy - h / 2) * math.sin(ang)) / (0.5 * math.hypot(w, h))
        light = 1 - rng.uniform(0.15, 0.25) * (t + 1) / 2
        residual = 1 + rng.uniform(0.03, 0.05) * cv2.GaussianBlur(g.normal(0, 1, (h, w)).astype(np.float32), (0, 0),
                                                                   0.15 * max(h, w)) / 0.004
        residual = np.clip(residual, 0.94, 1.06)
        flat = out * light[:, :, None] / (light * residual)[:, :, None]
        lo, hi = rng.uniform(25, 35), rng.uniform(228, 238)
        flat = (flat - lo) / (hi - lo) * 255
        soft = cv2.GaussianBlur(flat, (0, 0), 1.2)
        return flat + rng.uniform(0.5, 0.7) * (flat - soft)
    if e == "ink_spread":
        spread = cv2.erode(np.clip(out, 0, 255), cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (3, 3)))
        out = rng.uniform(0.45, 0.6) * spread + (1 - rng.uniform(0.45, 0.6)) * out
        return cv2.GaussianBlur(out, (0, 0), 0.6)
    if e == "eink":
        grey = 0.299 * out[:, :, 0] + 0.587 * out[:, :, 1] + 0.114 * out[:, :, 2]
        dx, dy = rng.randint(-60, 60), rng.randint(-60, 60)
        ghost = np.roll(np.roll(grey, dy, axis=0), dx, axis=1)
        grey = grey * (1 - 0.025) + ghost * 0.025
        paper, black = rng.uniform(200, 215), rng.uniform(35, 50)
        grey = black + (paper - black) * np.clip(grey, 0, 255) / 255
        grey = np.round(grey / 255 * 15) * (255 / 15)
        grey = cv2.GaussianBlur(grey.astype(np.float32), (0, 0), 0.7) + g.normal(0, 2.0, (h, w)).astype(np.float32)
        return np.repeat(grey[:, :, None], 3, axis=2) * np.array([1.0, 1.0, 0.97], np.float32)
    if e == "toner_streaks":
        fade = np.zeros(w, np.float32)
        for _ in range(rng.randint(3, 6)):
            c = rng.uniform(0, w)
            half = rng.uniform(0.005, 0.02) * w
            fade = np.maximum(fade, rng.uniform(0.3, 0.45) * np.clip(1 - np.abs(np.arange(w) - c) / half, 0, 1) ** 0.5)
        return 255 - (255 - out) * (1 - fade)[None, :, None]
    if e == "night_shift":
        return out * np.array([1.0, rng.uniform(0.82, 0.88), rng.uniform(0.55, 0.65)], np.float32)
    raise ValueError(e)


def _desk(shape: tuple[int, int], base: tuple[int, int, int], rng: random.Random,
          grain_sigma=(1.5, 18.0)) -> np.ndarray:
    """A float RGB surface of ``base`` colour with a faint streaky grain."""
    g = np.random.default_rng(rng.randrange(1 << 30))
    grain = cv2.GaussianBlur(g.normal(0, 1, shape).astype(np.float32), (0, 0), sigmaX=grain_sigma[0],
                             sigmaY=grain_sigma[1])
    return np.array(base, np.float32) * (1 + 0.05 * grain / max(1e-6, float(grain.std())))[:, :, None]


def _on_surface(page: np.ndarray, surface: tuple[int, int, int], margin: float, rng: random.Random,
                shadow: float = 0.35) -> np.ndarray:
    """``page`` laid on a grainy surface ``margin`` (a fraction of its long side) wider all round, with a soft shadow
    down and right."""
    ph, pw = page.shape[:2]
    m = round(margin * max(ph, pw))
    canvas = _desk((ph + 2 * m, pw + 2 * m), surface, rng)
    shade = np.zeros(canvas.shape[:2], np.float32)
    shade[m + 5:m + 5 + ph, m + 4:m + 4 + pw] = 1
    canvas *= (1 - shadow * cv2.GaussianBlur(shade, (0, 0), 5))[:, :, None]
    canvas[m:m + ph, m:m + pw] = page
    return np.clip(canvas, 0, 255).astype(np.uint8)


def _heldout13_layout(a: np.ndarray, e: str, rng: random.Random) -> np.ndarray:
    """HELDOUT13's page changes: ``sticky_note`` the puzzle at 0.7-0.8x printed on a fluorescent sticky note (yellow,
    pink or green; its glue strip a little deeper in tone, its lower edge curling with a shadow) stuck on a dark
    monitor bezel, turned 1-3 deg, ``book_scan`` a bound book's page scanned: a gutter margin with the spine's shadow,
    lines bowing a little near the gutter, a 0.5-1.5 deg skew, ``slide`` a 16:9 presentation slide (a title band,
    bullet points on the left, the puzzle on the right, a slide number), ``social_post`` a 4:5 social-media post (a
    header with an avatar and a name, the puzzle on a pastel square, like and comment icons, a caption),
    ``video_frame`` a paused 16:9 video (the puzzle at 0.78-0.84x in the frame, a title bar above, the player's
    controls below it: play icon, progress bar, time, settings), ``projected`` the page projected on a whiteboard
    (keystoned wider at the top, blacks lifted, a bright hotspot, the unlit board around it, a slight
    misconvergence), ``spiral_pad`` the page torn from a spiral pad (a band of punched holes and wire loops along the
    top, a perforation line) lying on a wooden desk, turned 1-2 deg."""
    h, w = a.shape[:2]
    sans = str(_font_dir() / "DejaVuSans.ttf")
    bold = str(_font_dir() / "DejaVuSans-Bold.ttf")
    if e == "sticky_note":
        f = rng.uniform(0.7, 0.8)
        small = cv2.resize(a, (round(w * f), round(h * f)), interpolation=cv2.INTER_AREA).astype(np.float32)
        sh, sw = small.shape[:2]
        side = round(max(sh, sw) * 1.1)
        note_colour = np.array(rng.choice(((255, 238, 105), (255, 165, 205), (195, 245, 140))), np.float32)
        note = np.empty((side, side, 3), np.float32)
        note[:] = 255
        top, left = round(side * 0.07), (side - sw) // 2
        note[top:top + sh, left:left + sw] = small
        note = note * note_colour / 255
        yy = np.arange(side, dtype=np.float32)[:, None, None]
        note *= np.where(yy < 0.06 * side, 0.93, 1.0)  # the glue strip
        curl = np.clip((yy - 0.9 * side) / (0.1 * side), 0, 1)
        note *= 1 - 0.22 * curl ** 2
        out = _on_surface(note, (34, 35, 40), 0.12, rng, shadow=0.3)
        return page_perturb.rotate_expand(out, rng.choice((-1, 1)) * rng.uniform(1.0, 3.0), fill=(34, 35, 40))[0]
    if e == "book_scan":
        gutter_left = rng.random() < 0.5
        gm, om = round(rng.uniform(0.06, 0.09) * w), round(rng.uniform(0.03, 0.05) * w)
        paper = _paper_colour(a)
        page = perturb.pad(a, round(0.03 * h), round(0.03 * h), gm if gutter_left else om, om if gutter_left else gm,
                           color=paper).astype(np.float32)
        ph, pw = page.shape[:2]
        yy, xx = np.mgrid[0:ph, 0:pw].astype(np.float32)
        dist = xx if gutter_left else pw - 1 - xx
        near = np.exp(-dist / (rng.uniform(0.04, 0.06) * pw))
        bow = rng.uniform(0.006, 0.012) * ph * near * ((yy - ph / 2) / (ph / 2))
        page = cv2.remap(page, xx, yy + bow, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
        page *= (1 - rng.uniform(0.45, 0.6) * near)[:, :, None]
        page = np.clip(page * np.array([0.97, 0.96, 0.93], np.float32), 0, 255).astype(np.uint8)
        page = perturb.pad(page, 0, 0, 0 if gutter_left else round(0.02 * pw), round(0.02 * pw) if gutter_left else 0,
                           color=(236, 236, 234))
        return page_perturb.rotate_expand(page, rng.choice((-1, 1)) * rng.uniform(0.5, 1.5), fill=(236, 236, 234))[0]
    if e == "slide":
        H = round(h / 0.78)
        W = round(H * 16 / 9)
        slide = Image.new("RGB", (W, H), (246, 247, 250))
        draw = ImageDraw.Draw(slide)
        band = round(0.13 * H)
        accent = rng.choice(((30, 60, 120), (120, 30, 60), (20, 100, 90)))
        draw.rectangle([0, 0, W, band], fill=accent)
        draw.text((0.04 * W, band / 2), f"Week {rng.randint(2, 20)}: the nonogram, solved",
                  font=ImageFont.truetype(bold, max(12, round(band * 0.4))), fill=(255, 255, 255), anchor="lm")
        px = W - w - round(0.04 * W)
        py = band + (H - band - h) // 2
        slide.paste(Image.fromarray(a), (px, py))
        ft = ImageFont.truetype(sans, max(10, round(0.035 * H)))
        for k, line in enumerate(("\u2022 rows with big clues first", "\u2022 runs need a gap between them",
                                  "\u2022 check every column at the end")):
            draw.text((0.04 * W, band + (0.12 + 0.09 * k) * H), line, font=ft, fill=(40, 40, 50), anchor="lm")
        draw.text((0.96 * W, 0.96 * H), str(rng.randint(3, 30)), font=ft, fill=(120, 120, 130), anchor="rm")
        return np.asarray(slide)
    if e == "social_post":
        W = round(max(h, w) * 1.08)
        head, foot = round(0.1 * W), round(0.2 * W)
        post = Image.new("RGB", (W, head + W + foot), (255, 255, 255))
        draw = ImageDraw.Draw(post)
        pastel = rng.choice(((250, 228, 214), (220, 236, 250), (228, 246, 226)))
        draw.rectangle([0, head, W, head + W], fill=pastel)
        post.paste(Image.fromarray(a), ((W - w) // 2, head + (W - h) // 2))
        r = head * 0.32
        draw.ellipse([0.04 * W, head / 2 - r, 0.04 * W + 2 * r, head / 2 + r], fill=(230, 120, 60))
        fb = ImageFont.truetype(bold, max(10, round(head * 0.3)))
        ft = ImageFont.truetype(sans, max(10, round(head * 0.28)))
        draw.text((0.04 * W + 2.6 * r, head / 2), "puzzle.daily", font=fb, fill=(20, 20, 20), anchor="lm")
        draw.text((0.95 * W, head / 2), "\u00b7\u00b7\u00b7", font=fb, fill=(20, 20, 20), anchor="rm")
        iy = head + W + 0.22 * foot
        s = 0.09 * foot
        x = 0.04 * W
        draw.ellipse([x, iy - s, x + s * 1.1, iy + 0.1 * s], outline=(20, 20, 20), width=2)
        draw.ellipse([x + s, iy - s, x + s * 2.1, iy + 0.1 * s], outline=(20, 20, 20), width=2)
        draw.line([(x + 0.1 * s, iy), (x + 1.05 * s, iy + s), (x + 2.0 * s, iy)], fill=(20, 20, 20), width=2)
        draw.ellipse([x + 3 * s, iy - s, x + 5 * s, iy + s], outline=(20, 20, 20), width=2)
        draw.polygon([(x + 6 * s, iy - s), (x + 8 * s, iy), (x + 6 * s, iy + s), (x + 6.5 * s, iy)],
                     outline=(20, 20, 20))
        draw.text((0.04 * W, head + W + 0.5 * foot), f"{rng.randint(120, 4000):,} likes", font=fb, fill=(20, 20, 20),
                  anchor="lm")
        draw.text((0.04 * W, head + W + 0.75 * foot), "solved today's nonogram! #puzzle #logic", font=ft,
                  fill=(40, 40, 40), anchor="lm")
        return np.asarray(post)
    if e == "video_frame":
        f = rng.uniform(0.78, 0.84)
        H = round(h / f)
        W = round(H * 16 / 9)
        frame = Image.new("RGB", (W, H), (0, 0, 0))
        top = round((H - h) * 0.45)
        frame.paste(Image.fromarray(a), ((W - w) // 2, top))
        draw = ImageDraw.Draw(frame)
        ft = ImageFont.truetype(sans, max(10, round(0.03 * H)))
        draw.text((0.02 * W, top / 2), "How to solve a nonogram \u2013 part 3", font=ft, fill=(235, 235, 235),
                  anchor="lm")
        by = top + h + (H - top - h) * 0.3
        done = rng.uniform(0.2, 0.8)
        draw.rectangle([0.02 * W, by - 2, 0.98 * W, by + 2], fill=(110, 110, 110))
        draw.rectangle([0.02 * W, by - 2, 0.02 * W + done * 0.96 * W, by + 2], fill=(230, 30, 30))
        knob = 0.02 * W + done * 0.96 * W
        draw.ellipse([knob - 6, by - 6, knob + 6, by + 6], fill=(230, 30, 30))
        iy = top + h + (H - top - h) * 0.68
        s = 0.02 * H
        draw.polygon([(0.025 * W, iy - s), (0.025 * W + 1.6 * s, iy), (0.025 * W, iy + s)], fill=(240, 240, 240))
        total = rng.randint(300, 900)
        now = round(total * done)
        draw.text((0.025 * W + 3 * s, iy), f"{now // 60}:{now % 60:02d} / {total // 60}:{total % 60:02d}", font=ft,
                  fill=(235, 235, 235), anchor="lm")
        draw.ellipse([0.94 * W - s, iy - s, 0.94 * W + s, iy + s], outline=(235, 235, 235), width=2)
        draw.rectangle([0.97 * W - s, iy - s, 0.97 * W + s, iy + s], outline=(235, 235, 235), width=2)
        return np.asarray(frame)
    if e == "projected":
        lo, hi = rng.uniform(65, 85), rng.uniform(232, 245)
        f = a.astype(np.float32) / 255 * (hi - lo) + lo
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        rr = np.hypot((xx - w * rng.uniform(0.4, 0.6)) / w, (yy - h * rng.uniform(0.35, 0.5)) / h)
        f *= (1.04 - rng.uniform(0.2, 0.28) * np.clip(rr / 0.7, 0, 1) ** 2)[:, :, None]
        f[:, :, 0] = np.roll(f[:, :, 0], 1, axis=1)
        page = np.clip(f, 0, 255).astype(np.uint8)
        m = round(0.1 * max(h, w))
        H, W = h + 2 * m, w + 2 * m
        k = rng.uniform(0.04, 0.07) * w
        src = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
        dst = np.float32([[m - k, m], [m + w + k, m], [m + w - k * 0.2, m + h], [m + k * 0.2, m + h]])
        M = cv2.getPerspectiveTransform(src, dst)
        board = np.array([rng.randint(150, 165)] * 3, np.float32) * np.array([1.0, 1.0, 1.03], np.float32)
        warped = cv2.warpPerspective(page, M, (W, H), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT,
                                     borderValue=(0, 0, 0))
        lit = cv2.warpPerspective(np.full((h, w), 255, np.uint8), M, (W, H)).astype(np.float32)[:, :, None] / 255
        out = warped.astype(np.float32) * lit + board[None, None, :] * (1 - lit)
        return perturb.blur(np.clip(out, 0, 255).astype(np.uint8), 0.8)
    if e == "spiral_pad":
        band = round(rng.uniform(0.07, 0.09) * h)
        paper = _paper_colour(a)
        page = Image.fromarray(perturb.pad(a, band, 0, 0, 0, color=paper))
        draw = ImageDraw.Draw(page)
        desk = (128, 92, 60)
        n = max(8, round(w / (band * 0.9)))
        r = band * 0.16
        for k in range(n):
            hx = (k + 0.5) * w / n
            draw.ellipse([hx - r, band * 0.42 - r, hx + r, band * 0.42 + r], fill=desk)
        for x in range(0, w, max(4, round(band * 0.12))):
            draw.line([(x, band * 0.85), (x + band * 0.06, band * 0.85)], fill=(200, 200, 200), width=1)
        page_a = np.asarray(page).astype(np.float32)
        out = _on_surface(page_a, desk, 0.07, rng, shadow=0.4)
        m = round(0.07 * max(page_a.shape[:2]))
        img = Image.fromarray(out)
        draw = ImageDraw.Draw(img)
        for k in range(n):
            hx = m + (k + 0.5) * w / n
            draw.arc([hx - r * 1.2, m - band * 0.35, hx + r * 1.2, m + band * 0.42 + r * 0.3], 180, 360,
                     fill=(175, 178, 185), width=max(2, round(r * 0.45)))
        return page_perturb.rotate_expand(np.asarray(img), rng.choice((-1, 1)) * rng.uniform(1.0, 2.0),
                                          fill=desk)[0]
    raise ValueError(e)


def _heldout13_grid(d: ImageDraw.ImageDraw, layout: dict[str, Any], rng: random.Random, kind: str) -> None:
    """HELDOUT13's grids: ``violet_ink`` light violet lines with dark violet 5-cell lines and border, ``heavy_minor``
    heavy proportions (lines a tenth of a cell, 5-cell lines and border a sixth), ``dash_dot`` minor lines dash-dot,
    ``pencil_grid`` every line in graphite: two grainy strokes, the pencil skipping here and there."""
    gx0, gy0, gx1, gy1 = layout["grid_bbox"]
    rows, cols, cell = layout["rows"], layout["cols"], layout["cell_px"]
    thin = max(1, round(cell / rng.uniform(14, 24)))
    thick = max(3, round(cell / rng.uniform(7, 10)))
    minor_ink, major_ink = (90, 90, 90), (0, 0, 0)
    if kind == "violet_ink":
        minor_ink, major_ink = (170, 140, 210), (75, 30, 125)
    elif kind == "heavy_minor":
        thin, thick = max(2, round(cell / rng.uniform(9, 11))), max(4, round(cell / rng.uniform(5.5, 6.5)))
        minor_ink, major_ink = (55, 55, 55), (0, 0, 0)
    lines = []
    for k in range(cols + 1):
        lines.append(("v", gx0 + k * (gx1 - gx0) / cols, k % 5 == 0 or k == cols))
    for k in range(rows + 1):
        lines.append(("h", gy0 + k * (gy1 - gy0) / rows, k % 5 == 0 or k == rows))

    def seg(o, at, a, b, colour, width):
        d.line([(at, a), (at, b)] if o == "v" else [(a, at), (b, at)], fill=colour, width=max(1, round(width)))

    for o, at, major in lines:
        a, b = (gy0, gy1) if o == "v" else (gx0, gx1)
        if kind == "dash_dot" and not major:
            pattern = ((0.26 * cell, True), (0.08 * cell, False), (0.05 * cell, True), (0.08 * cell, False))
            t, k = a, 0
            while t < b:
                length, ink = pattern[k % 4]
                if ink:
                    seg(o, at, t, min(b, t + length), minor_ink, thin)
                t += length
                k += 1
        elif kind == "pencil_grid":
            tone = rng.randint(60, 85) if major else rng.randint(115, 150)
            for _ in range(2):
                off = rng.uniform(-0.02, 0.02) * cell
                t = a + rng.uniform(-0.03, 0.0) * cell
                end = b + rng.uniform(0.0, 0.03) * cell
                while t < end:
                    length = rng.uniform(0.6, 2.0) * cell
                    e_ = min(end, t + length)
                    seg(o, at + off, t, e_, (tone, tone, tone + 5), (thick * 0.6 if major else thin))
                    t = e_ + (rng.uniform(0.03, 0.08) * cell if rng.random() < 0.3 else 0.0)
        else:
            seg(o, at, a, b, major_ink if major else minor_ink, thick if major else thin)


# ------------------------------------------------------------------------------------------ HELDOUT14


HELDOUT14_FILLS = ("knit", "satin_stitch", "glitter", "marble", "wood_block", "framed_hatch", "tape_strip", "linocut",
                   "light_knit", "light_tape", "outline_brush", "outline_tape")
HELDOUT14_MARKS = ("dotted_x", "nib_x", "corner_x", "sketch_x", "typed_heavy_times", "stamp_x", "ink_dab",
                   "heavy_x_tape", "heavy_x_nib", "heavy_x_dotted", "heavy_x_typed")
HELDOUT14_EFFECTS = ("kraft",)
HELDOUT14_LAYOUTS = ("spreadsheet", "thermal_receipt", "print_proof", "sheet_protector", "fax", "screen_share",
                     "puzzle_page", "binder_holes")
HELDOUT14_GRIDS = ("block_shading", "banded_rows", "tiles", "soft_grid", "ruler_marker")
TILE_GREY = (238, 240, 244)  # an app's empty tile


def _diagonals(s: float, step: float, sign: int = 1) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """45-deg lines ``step`` apart clipped to the square [0, s]^2 (``sign`` 1: down-right, -1: up-right)."""
    out = []
    t = -s + step / 2
    while t < s:
        a, b = max(0.0, t), min(s, s + t)
        if b > a:
            p, q = (a, a - t), (b, b - t)
            if sign < 0:
                p, q = (p[0], s - p[1]), (q[0], s - q[1])
            out.append((p, q))
        t += step
    return out


def _torn_strip(xa: float, xb: float, ya: float, yb: float, teeth: int, depth: float, rng: random.Random
                ) -> list[tuple[float, float]]:
    """A horizontal strip of tape from xa to xb (top ya, bottom yb) whose two short ends are torn in zigzags."""
    right = [(xb - (rng.uniform(0.3, 1.0) * depth if k % 2 else 0.0), ya + (yb - ya) * k / teeth)
             for k in range(teeth + 1)]
    left = [(xa + (rng.uniform(0.3, 1.0) * depth if k % 2 else 0.0), yb - (yb - ya) * k / teeth)
            for k in range(teeth + 1)]
    return right + left


def _draw_fill_h14(img: Image.Image, d: ImageDraw.ImageDraw, box, kind: str, colour, rng: random.Random) -> None:
    """HELDOUT14's fills and planted marks: ``knit`` a knitted cell (the yarn's colour, two columns of V stitches in a
    lighter tone with darker edges), ``satin_stitch`` dense diagonal satin stitching with a sheen, ``glitter`` a dark
    fill with bright specks and sparkles, ``marble`` a dark tile with light veins, ``wood_block`` a brown wooden block
    with its grain, ``framed_hatch`` a heavy frame with hatching inside it, ``tape_strip`` a strip of tape torn at both
    ends with a sheen, ``linocut`` a linocut print's ragged square with white gouge marks; ``light_knit`` and
    ``light_tape`` their pale versions (the planted light cells), ``outline_brush`` a heavy frame of four brush strokes
    and ``outline_tape`` a frame of four strips of black tape (the planted outlined cell)."""
    x0, y0, x1, y1 = box
    w = x1 - x0
    if kind in ("knit", "light_knit"):
        side = max(4, round(w))
        m = rng.uniform(0.03, 0.06) * w
        d.rectangle([x0 + m, y0 + m, x1 - m, y1 - m], fill=colour)
        leg = _lighter(colour, 0.28 if kind == "knit" else 0.4)
        edge = _darker(colour, 0.55) if kind == "knit" else _darker(colour, 0.9)
        patch = Image.new("RGB", (side, side), (255, 255, 255))
        alpha = Image.new("L", (side, side), 0)
        pd, ad = ImageDraw.Draw(patch), ImageDraw.Draw(alpha)
        th = math.radians(rng.uniform(20, 26))
        a, b = 0.33 * side, 0.115 * side
        for half in (0.27, 0.73):
            for sgn in (-1, 1):
                ux, uy = -sgn * math.sin(th), math.cos(th)  # along the leg, top to bottom, leaning in
                nx, ny = uy, -ux
                lx, ly = half * side + sgn * 0.1 * side, 0.5 * side
                ts = np.linspace(0, 2 * math.pi, 30, endpoint=False)
                pts = [(lx + ux * a * math.sin(t) + nx * b * math.cos(t),
                        ly + uy * a * math.sin(t) + ny * b * math.cos(t)) for t in ts]
                pd.polygon(pts, fill=leg, outline=edge)
                ad.polygon(pts, fill=255, outline=255)
        clip = Image.new("L", (side, side), 0)
        ImageDraw.Draw(clip).rectangle([m + 1, m + 1, side - m - 1, side - m - 1], fill=255)
        img.paste(patch, (round(x0), round(y0)), Image.fromarray(np.minimum(np.asarray(alpha), np.asarray(clip))))
    elif kind == "satin_stitch":
        m = rng.uniform(0.07, 0.1) * w
        s = w - 2 * m
        width = max(2, round(w / 15))
        sheen = _lighter(colour, 0.2)
        for (ax, ay), (bx, by) in _diagonals(s, width * 1.2, rng.choice((1, -1))):
            mid = abs((ax + bx) / 2 - (ay + by) / 2) < 0.18 * s
            tone = sheen if mid else tuple(max(0, min(255, c + rng.randint(-12, 12))) for c in colour)
            d.line([(x0 + m + ax, y0 + m + ay), (x0 + m + bx, y0 + m + by)], fill=tone, width=width)
    elif kind == "glitter":
        m = rng.uniform(0.04, 0.07) * w
        d.rectangle([x0 + m, y0 + m, x1 - m, y1 - m], fill=colour)
        for _ in range(max(6, round(w * w * 0.045))):
            px, py = x0 + m + rng.random() * (w - 2 * m), y0 + m + rng.random() * (w - 2 * m)
            r = rng.uniform(0.4, 1.0)
            d.ellipse([px - r, py - r, px + r, py + r], fill=_lighter(colour, rng.uniform(0.35, 0.75)))
        for _ in range(rng.randint(2, 3)):
            px, py = x0 + rng.uniform(0.25, 0.75) * w, y0 + rng.uniform(0.25, 0.75) * w
            arm = rng.uniform(0.06, 0.09) * w
            d.line([(px - arm, py), (px + arm, py)], fill=(255, 255, 255), width=1)
            d.line([(px, py - arm), (px, py + arm)], fill=(255, 255, 255), width=1)
    elif kind == "marble":
        m = rng.uniform(0.04, 0.07) * w
        d.rectangle([x0 + m, y0 + m, x1 - m, y1 - m], fill=colour)
        for k in range(rng.randint(2, 3)):
            tone = _lighter(colour, rng.uniform(0.4, 0.6))
            y = y0 + rng.uniform(0.2, 0.8) * w
            pts = []
            for t in np.linspace(0, 1, 9):
                y = min(y1 - m - 1, max(y0 + m + 1, y + rng.uniform(-0.1, 0.1) * w))
                pts.append((x0 + m + t * (w - 2 * m), y))
            d.line(pts, fill=tone, width=rng.choice((1, 1, 2)), joint="curve")
        for _ in range(2):
            xa = x0 + rng.uniform(0.2, 0.8) * w
            xb = xa + rng.uniform(-0.2, 0.2) * w
            d.line([(xa, y0 + m + 1), (xb, y1 - m - 1)], fill=_lighter(colour, 0.25), width=1)
    elif kind == "wood_block":
        m = rng.uniform(0.05, 0.08) * w
        d.rounded_rectangle([x0 + m, y0 + m, x1 - m, y1 - m], radius=0.08 * w, fill=colour,
                            outline=_darker(colour, 0.6), width=max(1, round(w / 25)))
        grain = _darker(colour, 0.72)
        phase = rng.uniform(0, 2 * math.pi)
        for k in range(rng.randint(4, 6)):
            yy = y0 + m + (k + 0.7) * (w - 2 * m) / 6.2
            pts = [(x0 + m + 2 + t * (w - 2 * m - 4), yy + 0.03 * w * math.sin(phase + 5 * t + k))
                   for t in np.linspace(0, 1, 10)]
            d.line(pts, fill=grain, width=1)
        kx, ky = x0 + rng.uniform(0.3, 0.7) * w, y0 + rng.uniform(0.3, 0.7) * w
        d.ellipse([kx - 0.07 * w, ky - 0.04 * w, kx + 0.07 * w, ky + 0.04 * w], outline=grain, width=1)
    elif kind == "framed_hatch":
        m = rng.uniform(0.05, 0.08) * w
        t = rng.uniform(0.12, 0.15) * w
        d.rectangle([x0 + m, y0 + m, x1 - m, y1 - m], fill=colour)
        d.rectangle([x0 + m + t, y0 + m + t, x1 - m - t, y1 - m - t], fill=(255, 255, 255))
        s = w - 2 * (m + t)
        for (ax, ay), (bx, by) in _diagonals(s, w / rng.uniform(4.2, 5.0), rng.choice((1, -1))):
            d.line([(x0 + m + t + ax, y0 + m + t + ay), (x0 + m + t + bx, y0 + m + t + by)], fill=colour,
                   width=max(2, round(w / 9)))
    elif kind in ("tape_strip", "light_tape"):
        ya, yb = y0 + rng.uniform(0.08, 0.12) * w, y1 - rng.uniform(0.08, 0.12) * w
        d.polygon(_torn_strip(x0 + 0.04 * w, x1 - 0.04 * w, ya, yb, 6, 0.07 * w, rng), fill=colour)
        band = ya + (yb - ya) * rng.uniform(0.22, 0.32)
        d.rectangle([x0 + 0.13 * w, band, x1 - 0.13 * w, band + 0.08 * w],
                    fill=_lighter(colour, 0.2 if kind == "tape_strip" else 0.35))
    elif kind == "linocut":
        m = rng.uniform(0.05, 0.08) * w
        corners = ((x0 + m, y0 + m), (x1 - m, y0 + m), (x1 - m, y1 - m), (x0 + m, y1 - m))
        pts = []
        for k in range(4):
            (ax, ay), (bx, by) = corners[k], corners[(k + 1) % 4]
            for t in (0.0, 0.25, 0.5, 0.75):
                jx = rng.uniform(-0.025, 0.025) * w
                jy = rng.uniform(-0.025, 0.025) * w
                pts.append((ax + t * (bx - ax) + jx, ay + t * (by - ay) + jy))
        d.polygon(pts, fill=colour)
        paper = (250, 250, 247)
        for _ in range(rng.randint(3, 4)):
            px, py = x0 + rng.uniform(0.2, 0.6) * w, y0 + rng.uniform(0.2, 0.8) * w
            ang = rng.uniform(-0.5, 0.5)
            ln = rng.uniform(0.2, 0.32) * w
            gouge = [(px + ln * t * math.cos(ang), py + ln * t * math.sin(ang) + 0.04 * w * math.sin(math.pi * t))
                     for t in np.linspace(0, 1, 6)]
            d.line(gouge, fill=paper, width=max(1, round(w / 30)), joint="curve")
    elif kind == "outline_brush":
        t = rng.uniform(0.22, 0.26) * w
        m = 0.04 * w
        bands = ((x0 + m, y0 + m, x1 - m, y0 + m + t), (x0 + m, y1 - m - t, x1 - m, y1 - m),
                 (x0 + m, y0 + m, x0 + m + t, y1 - m), (x1 - m - t, y0 + m, x1 - m, y1 - m))
        for ax, ay, bx, by in bands:
            d.rectangle([ax + rng.uniform(-0.02, 0.02) * w, ay + rng.uniform(-0.02, 0.02) * w,
                         bx + rng.uniform(-0.02, 0.02) * w, by + rng.uniform(-0.02, 0.02) * w], fill=colour)
        for k, (ax, ay, bx, by) in enumerate(bands):  # dry bristle streaks along each stroke
            for _ in range(2):
                if k < 2:
                    yy = rng.uniform(ay + 2, by - 2)
                    d.line([(ax + rng.uniform(0.1, 0.3) * w, yy), (bx - rng.uniform(0.1, 0.3) * w, yy)],
                           fill=(120, 120, 120), width=1)
                else:
                    xx = rng.uniform(ax + 2, bx - 2)
                    d.line([(xx, ay + rng.uniform(0.1, 0.3) * w), (xx, by - rng.uniform(0.1, 0.3) * w)],
                           fill=(120, 120, 120), width=1)
    elif kind == "outline_tape":
        t = rng.uniform(0.2, 0.24) * w
        m = 0.04 * w
        d.polygon(_torn_strip(x0 + m, x1 - m, y0 + m, y0 + m + t, 3, 0.04 * w, rng), fill=colour)
        d.polygon(_torn_strip(x0 + m, x1 - m, y1 - m - t, y1 - m, 3, 0.04 * w, rng), fill=colour)
        for xa in (x0 + m, x1 - m - t):
            d.polygon([(px, py) for py, px in _torn_strip(y0 + m, y1 - m, xa, xa + t, 3, 0.04 * w, rng)], fill=colour)
        for xa in (x0 + m + 0.3 * t, x1 - m - 0.7 * t):
            d.line([(xa, y0 + m + t), (xa, y1 - m - t)], fill=_lighter(colour, 0.25), width=max(1, round(0.05 * w)))
    else:
        raise ValueError(kind)


def _draw_empty_h14(d: ImageDraw.ImageDraw, box, kind: str, rng: random.Random) -> None:
    """HELDOUT14's marks: for empty cells ``dotted_x`` an X drawn as two rows of dots, ``nib_x`` a broad-nib pen's X
    (one stroke thick, the other thin), ``corner_x`` a small X in the cell's lower right corner, ``sketch_x`` a sketchy
    pencil X (two or three light strokes per arm), ``typed_heavy_times`` the heavy multiplication X (U+2716) typed in
    the cell, ``stamp_x`` a rubber-stamped X in blue-grey stamp ink with voids, ``ink_dab`` an irregular dab of ink;
    drawn instead of a fill (the planted ``x_instead`` error): ``heavy_x_tape`` two strips of black tape crossed,
    ``heavy_x_nib`` a heavy broad-nib X, ``heavy_x_dotted`` an X of big dots, ``heavy_x_typed`` a large typed heavy
    X."""
    x0, y0, x1, y1 = box
    w = x1 - x0
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    ink = (30, 30, 30)

    def arms(m):
        return (((x0 + m, y0 + m), (x1 - m, y1 - m)), ((x0 + m, y1 - m), (x1 - m, y0 + m)))

    def dots(m, n, r, colour):
        for (ax, ay), (bx, by) in arms(m):
            for t in np.linspace(0, 1, n):
                px, py = ax + t * (bx - ax), ay + t * (by - ay)
                d.ellipse([px - r, py - r, px + r, py + r], fill=colour)

    def typed(size, colour):
        font = ImageFont.truetype(str(_font_dir() / "DejaVuSans.ttf"), max(8, round(size)))
        bx0, by0, bx1, by1 = d.textbbox((0, 0), "\u2716", font=font)
        d.text((cx - (bx0 + bx1) / 2, cy - (by0 + by1) / 2), "\u2716", font=font, fill=colour)

    def nib(m, thick, thin, colour):
        (a, b), (c, e) = arms(m)
        d.line([a, b], fill=colour, width=max(2, round(thick)))
        d.line([c, e], fill=colour, width=max(1, round(thin)))

    if kind == "dotted_x":
        dots(rng.uniform(0.22, 0.26) * w, 6, max(1.0, 0.035 * w), ink)
    elif kind == "nib_x":
        nib(rng.uniform(0.23, 0.27) * w, 0.09 * w, 0.03 * w, (25, 25, 35))
    elif kind == "corner_x":
        px, py = x1 - rng.uniform(0.25, 0.3) * w, y1 - rng.uniform(0.25, 0.3) * w
        half = rng.uniform(0.09, 0.11) * w
        width = max(1, round(0.045 * w))
        d.line([(px - half, py - half), (px + half, py + half)], fill=ink, width=width)
        d.line([(px - half, py + half), (px + half, py - half)], fill=ink, width=width)
    elif kind == "sketch_x":
        m = rng.uniform(0.2, 0.25) * w
        for (ax, ay), (bx, by) in arms(m):
            for _ in range(rng.randint(2, 3)):
                tone = rng.randint(60, 100)
                j = [rng.uniform(-0.03, 0.03) * w for _ in range(4)]
                d.line([(ax + j[0], ay + j[1]), (bx + j[2], by + j[3])], fill=(tone, tone, tone + 4),
                       width=max(1, round(0.03 * w)))
    elif kind == "typed_heavy_times":
        typed(w * rng.uniform(0.4, 0.46), ink)
    elif kind == "stamp_x":
        m = rng.uniform(0.23, 0.27) * w
        stamp = (55, 65, 120)
        width = max(2, round(0.1 * w))
        for a, b in arms(m):
            d.line([a, b], fill=stamp, width=width)
        for _ in range(rng.randint(5, 8)):  # voids where the stamp took no ink
            (ax, ay), (bx, by) = arms(m)[rng.randrange(2)]
            t = rng.random()
            r = rng.uniform(0.012, 0.025) * w
            px, py = ax + t * (bx - ax), ay + t * (by - ay)
            d.ellipse([px - r, py - r, px + r, py + r], fill=(250, 250, 250))
    elif kind == "ink_dab":
        base = rng.uniform(0.065, 0.085) * w
        pts = [(cx + base * rng.uniform(0.75, 1.25) * math.cos(a), cy + base * rng.uniform(0.75, 1.25) * math.sin(a))
               for a in np.linspace(0, 2 * math.pi, 10, endpoint=False)]
        d.polygon(pts, fill=ink)
    elif kind == "heavy_x_tape":
        m = rng.uniform(0.09, 0.12) * w
        half = rng.uniform(0.09, 0.11) * w
        for (ax, ay), (bx, by) in arms(m):
            d.polygon(_x_arm(ax, ay, bx, by, half), fill=(20, 20, 24))
        for (ax, ay), (bx, by) in arms(m):
            d.line([(ax + 0.08 * w * (1 if bx > ax else -1), ay + 0.08 * w * (1 if by > ay else -1)),
                    (bx - 0.08 * w * (1 if bx > ax else -1), by - 0.08 * w * (1 if by > ay else -1))],
                   fill=(70, 70, 78), width=max(1, round(0.03 * w)))
    elif kind == "heavy_x_nib":
        nib(rng.uniform(0.13, 0.16) * w, 0.2 * w, 0.08 * w, (15, 15, 25))
    elif kind == "heavy_x_dotted":
        dots(rng.uniform(0.15, 0.18) * w, 6, 0.075 * w, (20, 20, 20))
    elif kind == "heavy_x_typed":
        typed(w * rng.uniform(0.88, 0.95), (15, 15, 15))
    else:
        raise ValueError(kind)


def _heldout14_background(img: Image.Image, layout: dict[str, Any], kind: str) -> None:
    """The cell backgrounds of HELDOUT14's grids, painted before the cells are marked: ``block_shading`` alternate 5x5
    blocks tinted a light blue, ``banded_rows`` every other row a light grey (a spreadsheet's banding), ``tiles`` the
    grid's lines erased and every cell a pale app tile."""
    d = ImageDraw.Draw(img)
    gx0, gy0, gx1, gy1 = layout["grid_bbox"]
    rows, cols, cell = layout["rows"], layout["cols"], layout["cell_px"]
    ch, cw = (gy1 - gy0) / rows, (gx1 - gx0) / cols
    if kind == "block_shading":
        for bi in range(0, rows, 5):
            for bj in range(0, cols, 5):
                if (bi // 5 + bj // 5) % 2:
                    d.rectangle([gx0 + bj * cw, gy0 + bi * ch, gx0 + min(cols, bj + 5) * cw,
                                 gy0 + min(rows, bi + 5) * ch], fill=(226, 234, 248))
    elif kind == "banded_rows":
        for r in range(1, rows, 2):
            d.rectangle([gx0, gy0 + r * ch, gx1, gy0 + (r + 1) * ch], fill=(234, 236, 240))
    elif kind == "tiles":
        pad = max(4, cell // 9) + 1
        d.rectangle([gx0 - pad, gy0 - pad, gx1 + pad, gy1 + pad], fill=(255, 255, 255))
        d.rectangle([gx0, gy0, gx1, gy1], fill=TILE_GREY)


def _heldout14_grid(d: ImageDraw.ImageDraw, layout: dict[str, Any], rng: random.Random, kind: str) -> None:
    """HELDOUT14's grids: ``block_shading`` and ``banded_rows`` ordinary lines over their tinted backgrounds,
    ``tiles`` no lines: white gutters between pale tiles, wider every 5 cells, ``soft_grid`` every line a soft grey
    (light 1-px minor lines, mid-grey 5-cell lines), ``ruler_marker`` lines ruled with a felt marker (the tone varying
    along the line, ink pooled in a blot at each end)."""
    gx0, gy0, gx1, gy1 = layout["grid_bbox"]
    rows, cols, cell = layout["rows"], layout["cols"], layout["cell_px"]
    lines = [("v", gx0 + k * (gx1 - gx0) / cols, k % 5 == 0 or k == cols) for k in range(cols + 1)]
    lines += [("h", gy0 + k * (gy1 - gy0) / rows, k % 5 == 0 or k == rows) for k in range(rows + 1)]

    def seg(o, at, a, b, colour, width):
        d.line([(at, a), (at, b)] if o == "v" else [(a, at), (b, at)], fill=colour, width=max(1, round(width)))

    thin = max(1, round(cell / rng.uniform(14, 22)))
    thick = max(3, round(cell / rng.uniform(7, 10)))
    if kind == "tiles":
        gutter = max(2, round(cell / rng.uniform(11, 14)))
        for o, at, major in lines:
            a, b = (gy0, gy1) if o == "v" else (gx0, gx1)
            seg(o, at, a - gutter, b + gutter, (255, 255, 255), gutter * (2.2 if major else 1.0))
        return
    if kind == "ruler_marker":
        ink = (22, 26, 48)
        for o, at, major in lines:
            a, b = (gy0, gy1) if o == "v" else (gx0, gx1)
            width = max(3, round(cell / 7)) if major else max(2, round(cell / 14))
            n = 6
            for k in range(n):
                tone = tuple(min(255, c + rng.randint(0, 25)) for c in ink)
                seg(o, at, a + (b - a) * k / n, a + (b - a) * (k + 1) / n, tone, width)
            r = width * rng.uniform(0.7, 0.9)
            for e in (a, b):
                px, py = (at, e) if o == "v" else (e, at)
                d.ellipse([px - r, py - r, px + r, py + r], fill=ink)
        return
    minor_ink, major_ink = (100, 100, 110), (10, 10, 10)
    if kind == "banded_rows":
        minor_ink = (125, 125, 130)
    elif kind == "soft_grid":
        thin, thick = 1, max(2, round(cell / 14))
        minor_ink, major_ink = (200, 200, 200), (140, 140, 140)
    for o, at, major in lines:
        a, b = (gy0, gy1) if o == "v" else (gx0, gx1)
        seg(o, at, a, b, major_ink if major else minor_ink, thick if major else thin)


def _draw_app_highlight(img: Image.Image, layout: dict[str, Any], rng: random.Random) -> None:
    """An app's highlight of the row and column under the cursor (a light blue over the line and its clues) and the
    cursor's thin blue frame in the cell where they cross."""
    gx0, gy0, gx1, gy1 = layout["grid_bbox"]
    rows, cols, cell = layout["rows"], layout["cols"], layout["cell_px"]
    ch, cw = (gy1 - gy0) / rows, (gx1 - gx0) / cols
    r, c = rng.randrange(rows), rng.randrange(cols)
    a = np.asarray(img).astype(np.float32)
    band = np.zeros(a.shape[:2], bool)
    band[round(gy0 + r * ch):round(gy0 + (r + 1) * ch), :round(gx1)] = True
    band[:round(gy1), round(gx0 + c * cw):round(gx0 + (c + 1) * cw)] = True
    a[band] *= np.array([0.9, 0.95, 1.0], np.float32)
    img.paste(Image.fromarray(np.clip(a, 0, 255).astype(np.uint8)))
    x0, y0, x1, y1 = gx0 + c * cw, gy0 + r * ch, gx0 + (c + 1) * cw, gy0 + (r + 1) * ch
    ImageDraw.Draw(img).rectangle([x0 + 2, y0 + 2, x1 - 2, y1 - 2], outline=(30, 110, 230),
                                  width=max(2, round(cell / 16)))


def _heldout14_effect(out: np.ndarray, e: str, rng: random.Random) -> np.ndarray:
    """HELDOUT14's pixel effects (float RGB in, float RGB out): ``kraft`` the page printed on brown kraft paper (paper
    colour, a faint mottling and short darker fibres)."""
    h, w = out.shape[:2]
    g = np.random.default_rng(rng.randrange(1 << 30))
    if e == "kraft":
        out = out * np.array([rng.uniform(0.84, 0.88), rng.uniform(0.72, 0.76), rng.uniform(0.54, 0.58)], np.float32)
        mottle = cv2.GaussianBlur(g.normal(0, 1, (h, w)).astype(np.float32), (0, 0), 12)
        out *= (1 + 0.025 * mottle / max(1e-6, float(mottle.std())))[:, :, None]
        fibres = np.zeros((h, w), np.float32)
        for _ in range(h * w // 1500):
            x, y = int(g.integers(0, w)), int(g.integers(0, h))
            ang = float(g.uniform(0, math.pi))
            ln = float(g.uniform(3, 8))
            cv2.line(fibres, (x, y), (int(x + ln * math.cos(ang)), int(y + ln * math.sin(ang))), 1.0, 1)
        return out * (1 - 0.1 * fibres)[:, :, None]
    raise ValueError(e)


def _dither_bayer(grey: np.ndarray) -> np.ndarray:
    """1-bit ordered (Bayer 4x4) dither of a grey float image (0-255): True where ink."""
    bayer = (np.array([[0, 8, 2, 10], [12, 4, 14, 6], [3, 11, 1, 9], [15, 7, 13, 5]], np.float32) + 0.5) / 16
    h, w = grey.shape
    return grey / 255 < np.tile(bayer, (h // 4 + 1, w // 4 + 1))[:h, :w]


def _grey(a: np.ndarray) -> np.ndarray:
    f = a.astype(np.float32)
    return 0.299 * f[:, :, 0] + 0.587 * f[:, :, 1] + 0.114 * f[:, :, 2]


def _heldout14_layout(a: np.ndarray, e: str, rng: random.Random) -> np.ndarray:
    """HELDOUT14's page changes: ``spreadsheet`` the picture inserted in a spreadsheet (toolbar, formula bar, column
    letters and row numbers, cell gridlines around it, the picture selected with its handles, sheet tabs below),
    ``thermal_receipt`` printed by a receipt printer (Floyd-Steinberg 1-bit on grey paper, a slightly worn print head,
    a header and a footer, a torn edge) lying on a table, ``print_proof`` a print shop's proof (crop marks,
    registration targets, a colour bar, a slug line), ``sheet_protector`` photographed in a plastic sleeve (a haze, a
    glare streak, the sleeve's punched strip) on a grey desk, ``fax`` a received fax (a coarser vertical resolution,
    ink thresholded and the tones between ordered-dithered, a header line, specks, a small skew), ``screen_share`` a
    video call's screen share (the page at 0.78-0.86x in a green frame, a banner, participant tiles, the call's
    controls), ``puzzle_page`` a newspaper's puzzle page (newsprint, a masthead, a sudoku beside it running off the
    page), ``binder_holes`` three punched holes in a wider left margin, the page in a ring binder."""
    h, w = a.shape[:2]
    sans = str(_font_dir() / "DejaVuSans.ttf")
    bold = str(_font_dir() / "DejaVuSans-Bold.ttf")
    mono = str(_font_dir() / "DejaVuSansMono.ttf")
    if e == "spreadsheet":
        ribbon, hdr, hdr_w = max(44, round(0.1 * h)), max(18, round(0.032 * h)), max(30, round(0.055 * w))
        col_w, row_h, tabs = max(48, round(0.11 * w)), max(18, round(0.032 * h)), max(22, round(0.04 * h))
        ox, oy = hdr_w + col_w // 2, ribbon + hdr + row_h // 2
        W, H = ox + w + round(col_w * 1.4), oy + h + round(row_h * 2.5) + tabs
        sheet = Image.new("RGB", (W, H), (255, 255, 255))
        draw = ImageDraw.Draw(sheet)
        for x in range(hdr_w, W, col_w):
            draw.line([(x, ribbon), (x, H - tabs)], fill=(218, 220, 224), width=1)
        for y in range(ribbon + hdr, H - tabs, row_h):
            draw.line([(0, y), (W, y)], fill=(218, 220, 224), width=1)
        draw.rectangle([0, 0, W, ribbon], fill=(248, 249, 250))
        draw.line([(0, ribbon - 1), (W, ribbon - 1)], fill=(200, 200, 205))
        fs = ImageFont.truetype(sans, max(9, round(hdr * 0.55)))
        for k in range(6):
            draw.rounded_rectangle([10 + k * 1.6 * hdr, 6, 10 + k * 1.6 * hdr + 1.1 * hdr, 6 + 1.1 * hdr], radius=3,
                                   fill=(225, 227, 232))
        fy = ribbon - hdr * 0.7
        draw.text((10, fy), "fx", font=fs, fill=(90, 90, 90), anchor="lm")
        draw.text((10 + 2 * hdr, fy), '=IMAGE("nonogram_solved.png")', font=fs, fill=(40, 40, 40), anchor="lm")
        draw.rectangle([0, ribbon, W, ribbon + hdr], fill=(243, 244, 246))
        draw.rectangle([0, ribbon, hdr_w, H - tabs], fill=(243, 244, 246))
        for k, x in enumerate(range(hdr_w, W, col_w)):
            draw.text((x + col_w / 2, ribbon + hdr / 2), chr(65 + k % 26), font=fs, fill=(80, 80, 80), anchor="mm")
        for k, y in enumerate(range(ribbon + hdr, H - tabs, row_h)):
            draw.text((hdr_w / 2, y + row_h / 2), str(k + 1), font=fs, fill=(80, 80, 80), anchor="mm")
        sheet.paste(Image.fromarray(a), (ox, oy))
        blue = (26, 115, 232)
        draw.rectangle([ox - 1, oy - 1, ox + w, oy + h], outline=blue, width=2)
        for hx in (ox, ox + w / 2, ox + w):
            for hy in (oy, oy + h / 2, oy + h):
                if (hx, hy) != (ox + w / 2, oy + h / 2):
                    draw.rectangle([hx - 4, hy - 4, hx + 4, hy + 4], fill=(255, 255, 255), outline=blue, width=2)
        draw.rectangle([0, H - tabs, W, H], fill=(241, 243, 244))
        draw.rectangle([hdr_w, H - tabs, hdr_w + 5 * tabs, H], fill=(255, 255, 255))
        draw.text((hdr_w + 2.5 * tabs, H - tabs / 2), "Sheet1", font=fs, fill=(24, 90, 188), anchor="mm")
        return np.asarray(sheet)
    if e == "thermal_receipt":
        grey = np.clip((_grey(a) - 20) * 255 / 215, 0, 255)
        bw = np.asarray(Image.fromarray(grey.astype(np.uint8)).convert("1")) == 0  # Floyd-Steinberg, True = ink
        head, foot = round(0.16 * h), round(0.13 * h)
        H = head + h + foot
        ink_mask = np.zeros((H, w), np.float32)
        ink_mask[head:head + h] = bw
        text = Image.new("L", (w, H), 0)
        td = ImageDraw.Draw(text)
        fm = ImageFont.truetype(mono, max(10, round(head * 0.16)))
        fb = ImageFont.truetype(bold, max(11, round(head * 0.22)))
        td.text((w / 2, head * 0.25), "PUZZLE PRINTER", font=fb, fill=255, anchor="mm")
        hour, minute, ticket = rng.randint(8, 20), rng.randint(0, 59), rng.randint(100, 999)
        td.text((w / 2, head * 0.5), f"02/12/2026  {hour:02d}:{minute:02d}  #{ticket}", font=fm, fill=255, anchor="mm")
        dashes = "- " * max(8, round(w / (fm.size * 1.2)))
        td.text((w / 2, head * 0.78), dashes, font=fm, fill=255, anchor="mm")
        td.text((w / 2, head + h + foot * 0.3), dashes, font=fm, fill=255, anchor="mm")
        td.text((w / 2, head + h + foot * 0.62), "*** SOLVED ***", font=fb, fill=255, anchor="mm")
        ink_mask = np.maximum(ink_mask, np.asarray(text, np.float32) / 255)
        xx = np.arange(w, dtype=np.float32)
        density = 1 - rng.uniform(0.1, 0.2) * (xx / w if rng.random() < 0.5 else 1 - xx / w)
        for _ in range(rng.randint(1, 2)):  # a worn dot of the print head: a thin pale line down the paper
            density[rng.randrange(w)] *= 0.45
        paper = np.array([243, 242, 238], np.float32)
        ink = np.array([48, 46, 52], np.float32)
        page = paper - (paper - ink) * (ink_mask * density[None, :])[:, :, None]
        teeth = max(8, w // 14)
        edge = Image.new("L", (w, H), 255)
        ed = ImageDraw.Draw(edge)
        for k in range(teeth):
            xa, xb = k * w / teeth, (k + 1) * w / teeth
            ed.polygon([(xa, H), ((xa + xb) / 2, H - rng.uniform(4, 9)), (xb, H)], fill=0)
        desk = (96, 82, 66)
        cut = np.asarray(edge, np.float32)[:, :, None] / 255
        page = page * cut + np.array(desk, np.float32) * (1 - cut)
        out = _on_surface(page, desk, 0.08, rng, shadow=0.3)
        out = perturb.blur(out, 0.6)
        return page_perturb.rotate_expand(out, rng.choice((-1, 1)) * rng.uniform(1.0, 2.5), fill=desk)[0]
    if e == "print_proof":
        m = round(0.1 * max(h, w))
        page = Image.fromarray(perturb.pad(a, m, m, m, m, color=(255, 255, 255)))
        draw = ImageDraw.Draw(page)
        ln, gap = 0.55 * m, 0.15 * m
        for px, py, sx, sy in ((m, m, -1, -1), (m + w, m, 1, -1), (m + w, m + h, 1, 1), (m, m + h, -1, 1)):
            draw.line([(px + sx * gap, py), (px + sx * (gap + ln), py)], fill=(0, 0, 0), width=1)
            draw.line([(px, py + sy * gap), (px, py + sy * (gap + ln))], fill=(0, 0, 0), width=1)
        r = 0.16 * m
        for px, py in ((m + w / 2, m / 2), (m + w / 2, m + h + m / 2), (m / 2, m + h / 2), (m + w + m / 2, m + h / 2)):
            draw.ellipse([px - r, py - r, px + r, py + r], outline=(0, 0, 0), width=1)
            draw.line([(px - 1.5 * r, py), (px + 1.5 * r, py)], fill=(0, 0, 0), width=1)
            draw.line([(px, py - 1.5 * r), (px, py + 1.5 * r)], fill=(0, 0, 0), width=1)
        swatches = [(0, 174, 239), (236, 0, 140), (255, 242, 0), (0, 0, 0)]
        swatches += [(v, v, v) for v in (230, 200, 160, 120, 80)]
        s = 0.28 * m
        x = m + w * 0.55
        for colour in swatches:
            draw.rectangle([x, m + h + m * 0.62, x + s, m + h + m * 0.62 + s], fill=colour)
            x += s
        fs = ImageFont.truetype(sans, max(9, round(0.2 * m)))
        hour, minute = rng.randint(8, 18), rng.randint(0, 59)
        draw.text((m, m * 0.3), f"nonogram_solution.pdf   1/1   02.12.2026 {hour:02d}:{minute:02d}", font=fs,
                  fill=(40, 40, 40), anchor="lm")
        return np.asarray(page)
    if e == "sheet_protector":
        strip = round(0.08 * w)
        sleeve = perturb.pad(a, 0, 0, strip, 0, color=(236, 238, 240)).astype(np.float32)
        H, W = sleeve.shape[:2]
        yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
        sleeve = 14 + sleeve * 0.92 * np.array([0.98, 0.99, 1.0], np.float32)  # the plastic's haze
        ang = rng.uniform(0.5, 1.0) * rng.choice((-1, 1))
        t = ((xx - W / 2) * math.cos(ang) + (yy - H / 2) * math.sin(ang)) / math.hypot(W, H)
        streak = np.exp(-((t - rng.uniform(-0.25, 0.25)) / rng.uniform(0.03, 0.05)) ** 2)
        sleeve += (255 - sleeve) * (0.3 * streak)[:, :, None]
        sleeve *= (1 + 0.025 * np.sin(xx / rng.uniform(25, 40) + yy / rng.uniform(60, 90)))[:, :, None]
        img = Image.fromarray(np.clip(sleeve, 0, 255).astype(np.uint8))
        draw = ImageDraw.Draw(img)
        for fy in (0.2, 0.5, 0.8):
            r = 0.28 * strip
            draw.ellipse([strip / 2 - r, fy * H - r, strip / 2 + r, fy * H + r], fill=(110, 110, 112))
        out = _on_surface(np.asarray(img).astype(np.float32), (128, 126, 120), 0.05, rng, shadow=0.3)
        return perturb.noise(out, 3.0, rng.randrange(1 << 30))
    if e == "fax":
        grey = _grey(a)
        coarse = cv2.resize(grey, (w, max(2, round(h / 1.3))), interpolation=cv2.INTER_AREA)
        # the fax's automatic mode: dark ink and white paper are thresholded, the tones between dithered
        bw = np.where(coarse < 110, True, np.where(coarse > 232, False, _dither_bayer(coarse)))
        bw = cv2.resize(bw.astype(np.uint8), (w, h), interpolation=cv2.INTER_NEAREST).astype(bool)
        head = max(16, round(0.045 * h))
        page = Image.new("L", (w, head + h), 255)
        page.paste(Image.fromarray(np.where(bw, 0, 255).astype(np.uint8)), (0, head))
        hour, minute = rng.randint(8, 18), rng.randint(0, 59)
        ImageDraw.Draw(page).text((6, head / 2), f"DEC-02-2026 {hour:02d}:{minute:02d}  FROM: PUZZLE CLUB   P.01",
                                  font=ImageFont.truetype(mono, max(9, round(head * 0.55))), fill=0, anchor="lm")
        f = np.asarray(page).copy()
        g = np.random.default_rng(rng.randrange(1 << 30))
        specks = g.random(f.shape) < 0.0004
        f[specks] = 0
        rgb = np.repeat(f[:, :, None], 3, axis=2)
        rgb = np.where(rgb > 128, np.uint8(247), np.uint8(25)).astype(np.uint8)
        return page_perturb.rotate_expand(rgb, rng.choice((-1, 1)) * rng.uniform(0.3, 0.8), fill=(247, 247, 247))[0]
    if e == "screen_share":
        f = rng.uniform(0.78, 0.86)
        small = cv2.resize(a, (round(w * f), round(h * f)), interpolation=cv2.INTER_AREA)
        sh, sw = small.shape[:2]
        top, bottom, side = round(0.1 * h), round(0.12 * h), round(0.24 * w)
        W, H = sw + side + round(0.06 * w), top + sh + bottom
        call = Image.new("RGB", (W, H), (32, 33, 36))
        draw = ImageDraw.Draw(call)
        px, py = round(0.03 * w), top
        call.paste(Image.fromarray(small), (px, py))
        draw.rectangle([px - 3, py - 3, px + sw + 2, py + sh + 2], outline=(0, 200, 83), width=3)
        fs = ImageFont.truetype(sans, max(10, round(0.32 * top)))
        bw_ = fs.getlength("You are sharing your screen") + 3.2 * top
        bx = px + sw / 2 - bw_ / 2
        draw.rounded_rectangle([bx, 0.15 * top, bx + bw_, 0.8 * top], radius=0.3 * top, fill=(0, 160, 70))
        draw.text((bx + 0.3 * top, 0.475 * top), "You are sharing your screen", font=fs, fill=(255, 255, 255),
                  anchor="lm")
        draw.rounded_rectangle([bx + bw_ - 2.6 * top, 0.22 * top, bx + bw_ - 0.2 * top, 0.73 * top], radius=0.2 * top,
                               fill=(220, 50, 50))
        draw.text((bx + bw_ - 1.4 * top, 0.475 * top), "Stop", font=fs, fill=(255, 255, 255), anchor="mm")
        tx = px + sw + round(0.03 * w)
        th = (sh - 2 * 8) / 3
        for k, (name, col) in enumerate((("Ana", (230, 120, 60)), ("Ben", (70, 140, 220)), ("Chen", (150, 90, 200)))):
            ty = py + k * (th + 8)
            draw.rounded_rectangle([tx, ty, tx + side - 0.02 * w, ty + th], radius=8, fill=(60, 62, 66))
            r = 0.22 * min(th, side)
            ccx, ccy = tx + (side - 0.02 * w) / 2, ty + th * 0.45
            draw.ellipse([ccx - r, ccy - r, ccx + r, ccy + r], fill=col)
            draw.text((ccx, ccy), name[0], font=fs, fill=(255, 255, 255), anchor="mm")
            draw.text((tx + 8, ty + th - 8), name, font=fs, fill=(230, 230, 230), anchor="ld")
        by = top + sh + bottom / 2
        r = 0.28 * bottom
        for k in range(3):
            bxk = W / 2 + (k - 1.5) * 2.8 * r
            draw.ellipse([bxk - r, by - r, bxk + r, by + r], fill=(60, 64, 67))
        draw.rounded_rectangle([W / 2 + 2.8 * r, by - r, W / 2 + 6.5 * r, by + r], radius=r, fill=(234, 67, 53))
        return np.asarray(call)
    if e == "puzzle_page":
        paper = np.array([239, 235, 224], np.float32)
        page = a.astype(np.float32) * paper / 255
        mast = round(0.11 * h)
        sud = round(0.5 * w)
        W, H = w + sud, mast + h
        canvas = np.empty((H, W, 3), np.float32)
        canvas[:] = paper
        canvas[mast:, :w] = page
        img = Image.fromarray(np.clip(canvas, 0, 255).astype(np.uint8))
        draw = ImageDraw.Draw(img)
        fm = ImageFont.truetype(bold, max(12, round(mast * 0.42)))
        draw.text((0.03 * W, mast * 0.45), "PUZZLES", font=fm, fill=(20, 20, 20), anchor="lm")
        draw.text((0.97 * W, mast * 0.45), "Wednesday", font=ImageFont.truetype(sans, max(10, round(mast * 0.25))),
                  fill=(60, 60, 60), anchor="rm")
        draw.line([(0.03 * W, mast * 0.85), (0.97 * W, mast * 0.85)], fill=(20, 20, 20), width=2)
        gs = 0.72 * h  # a sudoku beside the nonogram, running off the right edge of the page
        sx, sy = w + 0.1 * sud, mast + 0.16 * h
        cs = gs / 9
        draw.text((sx, sy - 0.06 * h), "SUDOKU", font=ImageFont.truetype(bold, max(10, round(0.035 * h))),
                  fill=(20, 20, 20), anchor="lm")
        for k in range(10):
            wd = 3 if k % 3 == 0 else 1
            draw.line([(sx + k * cs, sy), (sx + k * cs, sy + gs)], fill=(25, 25, 25), width=wd)
            draw.line([(sx, sy + k * cs), (sx + gs, sy + k * cs)], fill=(25, 25, 25), width=wd)
        fd = ImageFont.truetype(str(_font_dir() / "DejaVuSerif.ttf"), max(9, round(cs * 0.6)))
        digits = list(range(1, 10))
        rng.shuffle(digits)
        for i in range(9):
            for j in range(9):
                if rng.random() < 0.35:  # the givens of a valid grid, relabelled
                    draw.text((sx + (j + 0.5) * cs, sy + (i + 0.5) * cs), str(digits[(3 * i + i // 3 + j) % 9]),
                              font=fd, fill=(25, 25, 25), anchor="mm")
        out = np.asarray(img)
        return perturb.noise(out, 3.0, rng.randrange(1 << 30))
    if e == "binder_holes":
        paper = _paper_colour(a)
        margin = round(0.1 * w)
        page = Image.fromarray(perturb.pad(a, 0, 0, margin, 0, color=paper))
        H = page.size[1]
        cover = (35, 45, 80)
        r = 0.2 * margin
        draw = ImageDraw.Draw(page)
        for fy in (0.25, 0.5, 0.75):
            draw.ellipse([margin * 0.45 - r, fy * H - r, margin * 0.45 + r, fy * H + r], fill=cover)
        out = _on_surface(np.asarray(page).astype(np.float32), cover, 0.06, rng, shadow=0.35)
        img = Image.fromarray(out)
        draw = ImageDraw.Draw(img)
        m = round(0.06 * max(page.size))
        for fy in (0.25, 0.5, 0.75):  # the binder's rings, from the holes over the page's edge to the spine
            cyy = m + fy * H
            draw.line([(m + margin * 0.45, cyy), (m - 0.5 * margin, cyy)], fill=(185, 188, 195),
                      width=max(3, round(0.6 * r)))
            draw.line([(m + margin * 0.45, cyy - 0.12 * r), (m - 0.5 * margin, cyy - 0.12 * r)], fill=(225, 227, 232),
                      width=max(1, round(0.15 * r)))
        return np.asarray(img)
    raise ValueError(e)


# ------------------------------------------------------------------------------------------ measuring


EXPECTED_CODES = {
    "extra_light": {"row_clue_mismatch", "col_clue_mismatch"},
    "extra_outline": {"row_clue_mismatch", "col_clue_mismatch"},
    "x_instead": {"crossed_instead_of_filled"},
    "missing": {"row_clue_mismatch", "col_clue_mismatch", "grid_incomplete"},
    "clue_changed": {"clue_changed"},
}


def measure(styles, variants=("5x5", "10x10", "15x15"), puzzles: int = 2, errors=ERRORS, seed: int = 0,
            register_answers: bool = True) -> dict[str, Any]:
    """Verify every (style, puzzle, error) answer; returns counts and the list of wrong verdicts. A verdict
    is right when an error-free answer is ``correct`` with 100, and an answer with a planted error is
    ``incorrect`` (score < 100) naming one of the expected rules."""
    from genpuzzle.evaluate import verify_image
    from genpuzzle.records import InstanceRecord, Status
    from genpuzzle.registry import get_track

    track = get_track("nonogram")
    stats = {"total": 0, "right": 0, "false_pass": 0, "false_fail": 0, "review": 0, "unreadable": 0, "wrong": []}
    for vi, variant in enumerate(variants):
        for k in range(puzzles):
            p = track.generate(1000 * seed + 10 * vi + k, variant)
            rec = InstanceRecord(id=f"{variant}-{k}", track="nonogram", variant=variant, difficulty=p.difficulty,
                                 seed=k, instruction="", input_image="", reference_images=[], edit_mask="",
                                 ground_truth=p.ground_truth, layout=p.layout, scoring=p.scoring,
                                 track_version=track.version)
            inp = np.asarray(p.input_image.convert("RGB"))
            mask = np.asarray(p.edit_mask) > 127  # as images.load_mask reads a set's mask
            for style in styles:
                for error in errors:
                    answer = make_answer(p.input_image, p.layout, p.ground_truth, style, error, seed=k)
                    if register_answers or answer.shape != inp.shape:
                        # the product's path: registration, the verifier, reproducible numerics
                        v = verify_image(rec, answer, inp, mask)
                        if v.status in (Status.UNREADABLE, Status.ERROR):
                            v = None
                    else:
                        v = track.verify(rec, answer, inp)
                    stats["total"] += 1
                    label = f"{style.name}/{variant}/{k}/{error}"
                    if v is None:
                        stats["unreadable"] += 1
                        stats["wrong"].append((label, "registration failed"))
                        continue
                    if v.status == Status.NEEDS_REVIEW or v.needs_review:
                        stats["review"] += 1
                    if error == "none":
                        ok = v.status == Status.CORRECT and v.score == 100
                        if not ok:
                            stats["false_fail"] += 1
                    else:
                        ok = v.status == Status.INCORRECT and v.score < 100 and bool(set(v.codes) & EXPECTED_CODES[error])
                        if v.status == Status.CORRECT or v.score >= 100:
                            stats["false_pass"] += 1
                    if v.status == Status.UNREADABLE:
                        stats["unreadable"] += 1
                    stats["right"] += ok
                    if not ok:
                        stats["wrong"].append((label, v.status.value, v.score, v.codes[:4],
                                               v.extra.get("unsure_cells", [])[:2], v.extra.get("unsure_clues", [])[:1]))
    return stats


# ------------------------------------------------------------------------------------- answer geometry (tests)


def answer_map(puzzle, style: Style, error: str, seed: int) -> np.ndarray:
    """Input -> answer homography of the answer :func:`make_answer` draws: the answer drawn once more from an input
    carrying four small marks in its margins, and where they land (registration tests compare their fit with it)."""
    import cv2

    def draw(input_image) -> np.ndarray:
        return make_answer(input_image, puzzle.layout, puzzle.ground_truth, style, error, seed=seed)

    plain = draw(puzzle.input_image)
    marked_input = np.asarray(puzzle.input_image.convert("RGB")).copy()
    h, w = marked_input.shape[:2]
    marks = [(int(fx * w), int(fy * h)) for fx, fy in ((0.03, 0.03), (0.97, 0.03), (0.97, 0.97), (0.03, 0.97))]
    for x, y in marks:
        marked_input[y - 2:y + 3, x - 2:x + 3] = 0
    marked = draw(Image.fromarray(marked_input))
    diff = (np.abs(plain.astype(int) - marked.astype(int)).sum(axis=2) > 30).astype(np.uint8)
    _, _, stats, centres = cv2.connectedComponentsWithStats(diff)
    blobs = centres[1 + np.argsort(-stats[1:, cv2.CC_STAT_AREA])[:4]]
    assert len(blobs) == 4
    mid = blobs.mean(axis=0)
    found = [blobs[int(np.argmax((blobs - mid) @ np.array([x - w / 2, y - h / 2])))] for x, y in marks]
    return cv2.getPerspectiveTransform(np.float32(marks), np.float32(found))


def grid_corner_error(reg, M: np.ndarray, layout: dict[str, Any]) -> float:
    """Largest distance (answer px) between where the registration ``reg`` sampled the grid's corners and where the
    answer drawn with homography ``M`` (:func:`answer_map`) shows them."""
    x0, y0, x1, y1 = layout["grid_bbox"]
    pts = np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], dtype=np.float64)
    true = M @ np.vstack([pts.T, np.ones(4)])
    return float(np.abs(reg.source_points(pts) - (true[:2] / true[2]).T).max())
