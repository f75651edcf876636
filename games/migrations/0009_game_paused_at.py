from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0008_rematch"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="paused_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
    ]
