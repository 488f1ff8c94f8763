"""Tower of Hanoi drawing: a base, three pegs labelled A, B, C under it, and the discs as rounded bars
centred on their pegs, width growing with size, each numbered with its size. The board is ``discs`` levels
by 3 pegs; the layout's cell boxes are the disc slots, and ``peg_x``, ``base_y``, ``disc_h`` and ``disc_w``
(width of each size) let the verifier read the stacks by bar width."""

from __future__ import annotations

from PIL import Image, ImageDraw

from genpuzzle.renderers.board_game.base import BoardDrawing, finish_layout, segment_points
from genpuzzle.renderers.common import draw_centered_text

PAPER, BASE, POLE, NUMBER = (255, 255, 255), (90, 60, 30), (130, 100, 70), (0, 0, 0)
DISC_COLOURS = ((230, 80, 80), (240, 160, 60), (235, 215, 70), (110, 200, 100), (90, 160, 230),
                (150, 110, 220), (220, 120, 190))
PEG_GAP, MARGIN, DISC_H, MIN_W, POLE_W, BASE_H = 250, 40, 34, 60, 12, 12


def render_board(board: list[list[str]]) -> BoardDrawing:
    n = len(board)
    width = MARGIN * 2 + PEG_GAP * 3
    # at least 0.62 as high as wide, the room above the pegs: a model squaring the picture stays within
    # the registration's scale range
    base_y = max(60 + DISC_H * (n + 1), int(0.62 * width) - 80)
    max_w = PEG_GAP - 24
    step = (max_w - MIN_W) / max(1, n - 1)
    disc_w = [round(MIN_W + step * k) for k in range(n)]
    peg_x = [MARGIN + PEG_GAP * (i + 0.5) for i in range(3)]
    pole_top = base_y - DISC_H * (n + 1) - 10
    height = base_y + 80
    image = Image.new("RGB", (width, height), PAPER)
    draw = ImageDraw.Draw(image)
    x0, x1 = MARGIN // 2, width - MARGIN // 2
    for x in peg_x:
        draw.rectangle([x - POLE_W / 2, pole_top, x + POLE_W / 2, base_y], fill=POLE)
    draw.rectangle([x0, base_y, x1, base_y + BASE_H], fill=BASE)
    boxes = [[[round(peg_x[p] - max_w / 2, 2), base_y - (n - r) * DISC_H, round(peg_x[p] + max_w / 2, 2),
               base_y - (n - 1 - r) * DISC_H] for p in range(3)] for r in range(n)]
    for r in range(n):
        for p in range(3):
            v = board[r][p]
            if v == ".":
                continue
            size = int(v)
            bx0, by0, bx1, by1 = boxes[r][p]
            cx, w = peg_x[p], disc_w[size - 1]
            draw.rounded_rectangle([cx - w / 2, by0 + 3, cx + w / 2, by1 - 1], radius=8,
                                   fill=DISC_COLOURS[(size - 1) % len(DISC_COLOURS)], outline=(40, 40, 40), width=2)
            draw_centered_text(draw, (cx, (by0 + by1) / 2 + 1), v, 20, NUMBER, bold=True)
    labels = []
    for i, x in enumerate(peg_x):
        centre = (x, base_y + 42)
        draw_centered_text(draw, centre, "ABC"[i], 30, NUMBER, bold=True)
        labels.append({"text": "ABC"[i], "box": [round(x - 14), base_y + 28, round(x + 14), base_y + 56]})
    g = {"rows": n, "cols": 3, "cell_px": DISC_H, "cell_boxes": boxes,
         "cell_centers": [[[round((b[0] + b[2]) / 2, 2), round((b[1] + b[3]) / 2, 2)] for b in row] for row in boxes],
         "grid_bbox": [x0, pole_top, x1, base_y], "board_bbox": [x0, pole_top - 8, x1, base_y + BASE_H],
         "image_size": [width, height]}
    line_points = segment_points([[x0 + 4, base_y + BASE_H / 2, x1 - 4, base_y + BASE_H / 2]], 20) + \
        [[x, pole_top + 4] for x in peg_x]
    layout = finish_layout("hanoi", "bars", g, piece_radius=max_w / 2, line_points=line_points, labels=labels,
                           palette={".": PAPER, "pole": POLE, "base": BASE}, puzzle="hanoi", peg_x=peg_x, base_y=base_y,
                           disc_h=DISC_H, disc_w=disc_w, pole_w=POLE_W, pole_top=pole_top, coordinates=False)
    return BoardDrawing(image, layout)
