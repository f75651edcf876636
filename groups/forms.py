from django import forms


class GroupForm(forms.Form):
    name = forms.CharField(
        label="Name of the group", max_length=60, help_text="A family, a small group at church…"
    )


class AttachSheetForm(forms.Form):
    sheet = forms.CharField(label="Link of a score sheet", max_length=200)
