"""Tournaments in Discord (docs/tournaments.md): ``commands`` (/gin tournament, the bot's extension
``cogs.gin.tournament.commands``), ``buttons`` (Join / Leave / Check in, persistent DynamicItems),
``flow`` (the scheduler's tick: drive, threads for matches, the news posted once), ``texts`` and
``pictures`` (the bracket or the standings drawn by the picture pool, the words alone if it fails)."""
