"""`oafreeze match`: the deliverables_resolved map that `run record` stores."""

from __future__ import annotations

from test_runlog_rules import make_env, outputs


def test_match_pairs_by_name_within_a_format_family_and_leaves_the_rest_unassigned(cli, tmp_path):
    env = make_env(tmp_path / "env", instances=1)
    out = outputs(tmp_path / "out", **{"MEMO.md": "m", "client_email.docx": "e", "notes.txt": "n"})
    code, data, _ = cli.json("match", "covenant-package-v01", str(out), "--env", str(env))
    assert code == 0
    # client-email.md may not be answered by a .docx, whatever the name says; notes.txt is the only text left
    assert data["deliverables_resolved"] == {"client-email.md": "notes.txt", "memo.md": "MEMO.md"}
    assert data["method"] == {"client-email.md": "extension", "memo.md": "exact"}
    assert data["unassigned"] == ["client_email.docx"]
    code, text, _ = cli("match", "covenant-package-v01", str(out), "--env", str(env))
    assert "memo.md <- MEMO.md  [exact]" in text and "unassigned: client_email.docx" in text


def test_match_refuses_symlinks_among_the_outputs(cli, tmp_path):
    env = make_env(tmp_path / "env", instances=1)
    out = outputs(tmp_path / "out")
    (out / "link.md").symlink_to("/etc/passwd")
    code, _, err = cli("match", "covenant-package-v01", str(out), "--env", str(env))
    assert code == 2 and "symbolic link" in err
