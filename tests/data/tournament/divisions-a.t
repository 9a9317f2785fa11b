Anna Puig 1900 3 4; 410 420; p12 1 2; plkind P P
Biel Roca 1850 4 3; 350 360; p12 1 2; plkind P P
Carla Vidal 1800 1 2; 380 300; p12 2 1; plkind P P
Dani Mas 1750 2 1; 395 370; p12 2 1; plkind P P
