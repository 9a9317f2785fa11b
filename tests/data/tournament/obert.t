Anna Puig 1900 3 2; 420 402; p12 1 2; plkind P P; plid FISC-0001; plclub Mots_i_Més
Biel Roca 1850 4 1; 390 350; p12 1 1; plkind P P; plid FISC-0002; plclub Club_Lleida
Carla Vidal 1800 1 5; 380 300; p12 2 1; plkind P F; plid FISC-0003
Dani Mas 1750 2 0; 390 -1; p12 2 0; plkind P A; plreal = 6:1:0
Emma Soler 1700 0 3; 1 0; p12 0 2; plkind B F; plreal 0:0:0 =; plid FISC-0005; plclub Mots_i_Més
Ferran Gil 1650 0 0; -1 -1; p12 0 0; plkind - A; plreal = 4:2:0; plid FISC-0006
