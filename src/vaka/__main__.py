from vaka.cli.main import app

app(prog_name="vaka")
