"""Author text is masked (its code blanked) only when a character searched for in the
masked text is in the text: exact because masking adds no character but spaces."""

import random

from mkdocs_reports.core.prose.citations import mask_code

ALPHABET = ["`", "``", "```", "~~~", "    ", "\t", "\n", " ", "]", "[", "!", "(", ")", "#", "\\", "a", "b", "SRC-1", ":"]


def test_masking_adds_no_character_but_spaces():
    rng = random.Random(14)
    for _ in range(3000):
        text = "".join(rng.choice(ALPHABET) for _ in range(rng.randrange(1, 40)))
        masked = mask_code(text)
        assert len(masked) == len(text)
        assert set(masked) <= set(text) | {" "}, (text, masked)
