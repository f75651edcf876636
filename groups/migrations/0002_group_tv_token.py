import secrets

from django.db import migrations, models

import groups.models


def one_key_each(apps, schema_editor):
    """AddField gave every existing group the same key: each gets its own."""
    Group = apps.get_model("groups", "Group")
    for group in Group.objects.only("pk"):
        Group.objects.filter(pk=group.pk).update(tv_token=secrets.token_urlsafe(18))


class Migration(migrations.Migration):
    dependencies = [
        ("groups", "0001_initial"),
    ]

    operations = [
        migrations.AddField(
            model_name="group",
            name="tv_token",
            field=models.CharField(default=groups.models.new_tv_token, max_length=32),
        ),
        migrations.RunPython(one_key_each, migrations.RunPython.noop),
    ]
