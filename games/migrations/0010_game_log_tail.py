from django.db import migrations, models

TAIL = 12


def fill_log_tails(apps, schema_editor):
    Game = apps.get_model("games", "Game")
    Move = apps.get_model("games", "Move")
    for game in Game.objects.filter(move_count__gt=0).only("pk").iterator():
        lines = Move.objects.filter(game_id=game.pk).order_by("-number").values_list("summary", flat=True)
        Game.objects.filter(pk=game.pk).update(log_tail=list(lines[:TAIL]))


class Migration(migrations.Migration):
    dependencies = [("games", "0009_game_paused_at")]

    operations = [
        migrations.AddField(
            model_name="game", name="log_tail", field=models.JSONField(blank=True, default=list)
        ),
        migrations.RunPython(fill_log_tails, migrations.RunPython.noop),
    ]
